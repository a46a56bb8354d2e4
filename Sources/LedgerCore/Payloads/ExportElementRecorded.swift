/// An element of a health export that no other kind describes, kept whole so an import drops nothing.
///
/// A later version can turn these into typed events by replaying them; until then they are
/// visible in the log and in audits like any other event.
public struct ExportElementRecorded: EventPayload {
    public static let kind = EventKind.exportElementRecorded
    public static let schema = 1

    /// The element's name as the export wrote it.
    public var element: String
    public var attributes: [String: String]
    /// The element's character data, when it has any beyond whitespace.
    public var text: String?
    /// Every element inside it, flattened in document order with its depth; see `ExportElementChild`.
    public var children: [ExportElementChild]

    public init(element: String, attributes: [String: String] = [:], text: String? = nil, children: [ExportElementChild] = []) {
        self.element = element
        self.attributes = attributes
        self.text = text
        self.children = children
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            element = try Rule.nonEmpty(document.string("element"), "element")
            attributes = try document.stringMap("attributes")
            text = try Rule.nonEmptyIfPresent(document.optionalString("text"), "text")
            children = try document.items("children", ExportElementChild.init(document:))
            var parentDepth = 0
            for (index, child) in children.enumerated() {
                // Depth may fall back any amount but rise only one level: a child needs its parent before it.
                guard child.depth <= parentDepth + 1 else {
                    throw ValidationError(
                        field: "children[\(index)].depth", value: describe(.int(Int64(child.depth))),
                        reason: "must be at most \(parentDepth + 1), one deeper than the element before it")
                }
                parentDepth = child.depth
            }
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["element": .string(element)]
        document.setMap("attributes", attributes, DocValue.string)
        document.set("text", text.doc)
        if !children.isEmpty { document["children"] = .array(children.map { .map($0.document) }) }
        return document
    }
}
