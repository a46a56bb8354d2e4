import LedgerCore

/// What the ledger has no typed event for yet, kept whole so that nothing the app sent is
/// dropped: a later version can turn these into typed events by replaying them.
extension HealthAutoExportFile {
    static let keptMetricElement = "HealthAutoExport.metric"

    /// A point of a metric not mapped (or in a unit HealthKit does not spell), with `why` in the summary's notes.
    func kept(_ point: Document, name: String, units: String?, field: String, summary: inout ImportSummary, why: String) throws(ImportError) -> Event {
        let startField = ["date", "startDate", "sleepStart"].first { point[$0] != nil } ?? "date"
        let (start, offset) = try date(point, startField, field: field)
        var (attributes, children) = Self.flattened(point)
        attributes["name"] = name
        attributes["units"] = units
        let payload = ExportElementRecorded(element: Self.keptMetricElement, attributes: attributes, children: children)
        let canonical = attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        summary.note("\(why): kept whole as exportElement.recorded (unmapped)")
        summary.count(type: "HealthAutoExport:" + name, source: source.name)
        // Every field is in the id: a point with no date of its own bucket can only be told by them all.
        let id = identity.id(Self.idNamespace, [name, "kept", String(start.micros)] + canonical)
        return Event(payload, id: id, start: start, end: start, utcOffset: offset, source: source)
    }

    /// A JSON object as attributes (scalars, nested objects as `a.b`) and children (each
    /// item of each list, one level deeper per list), in field order.
    static func flattened(_ document: Document, depth: Int = 0) -> (attributes: [String: String], children: [ExportElementChild]) {
        var attributes: [String: String] = [:]
        var children: [ExportElementChild] = []
        func walk(_ document: Document, prefix: String) {
            for (name, value) in document.fields {
                switch value {
                case .null: continue
                case .map(let inner): walk(inner, prefix: prefix + name + ".")
                case .array(let items): children += listed(items, as: prefix + name, depth: depth + 1)
                default: attributes[prefix + name] = text(value)
                }
            }
        }
        walk(document, prefix: "")
        return (attributes, children)
    }

    /// Each item of a list as a child at `depth`: an object's fields as its attributes, a
    /// scalar as its `value`, a list inside the list as a child holding its own items.
    private static func listed(_ items: [DocValue], as element: String, depth: Int) -> [ExportElementChild] {
        var children: [ExportElementChild] = []
        for item in items {
            switch item {
            case .map(let inner):
                let (itemAttributes, itemChildren) = flattened(inner, depth: depth)
                children.append(ExportElementChild(element: element, depth: depth, attributes: itemAttributes))
                children += itemChildren
            case .array(let inner):
                children.append(ExportElementChild(element: element, depth: depth))
                children += listed(inner, as: element, depth: depth + 1)
            default:
                children.append(ExportElementChild(element: element, depth: depth, attributes: ["value": text(item)]))
            }
        }
        return children
    }
}
