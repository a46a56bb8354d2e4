/// An element nested inside an `ExportElementRecorded`, placed in the tree by its depth.
///
/// Children are a flat list in document order rather than nested objects: an importer streaming
/// the XML appends one per start tag, decoding needs no recursion, and however deeply an unknown
/// element nests, its payload stays within the JSON reader's nesting limit. Depth 1 is a direct
/// child; an element's parent is the nearest one before it with depth one less.
public struct ExportElementChild: Hashable, Sendable {
    public var element: String
    /// 1 for a direct child of the recorded element, 2 for a grandchild, and so on.
    public var depth: Int
    public var attributes: [String: String]
    /// The child's character data, when it has any beyond whitespace.
    public var text: String?

    public init(element: String, depth: Int, attributes: [String: String] = [:], text: String? = nil) {
        self.element = element
        self.depth = depth
        self.attributes = attributes
        self.text = text
    }

    init(document: Document) throws(ValidationError) {
        element = try Rule.nonEmpty(document.string("element"), "element")
        let depth = try document.int("depth")
        guard depth >= 1 else {
            throw ValidationError(field: "depth", value: describe(.int(depth)), reason: "must be 1 or more")
        }
        self.depth = Int(depth)
        attributes = try document.stringMap("attributes")
        text = try Rule.nonEmptyIfPresent(document.optionalString("text"), "text")
    }

    var document: Document {
        var document: Document = ["element": .string(element), "depth": .int(Int64(depth))]
        document.setMap("attributes", attributes, DocValue.string)
        document.set("text", text.doc)
        return document
    }
}
