import LedgerCore

/// Points of the `sexual_activity` metric: how many times, in the bucket that starts at `date`,
/// Health logged sexual activity with protection not said, used or not used.
///
/// `{"date", "Unspecified": 1, "Protection Used": 0, "Protection Not Used": 2, "source"}` (the
/// app's documented layout) is one `HKCategoryTypeIdentifierSexualActivity` sample per time,
/// as cycle tracking's sexual activity and an Apple Health export store it: its value
/// `HKCategoryValueNotApplicable`, `HKSexualActivityProtectionUsed` "1" or "0" where the column
/// says so. Any other scalar stays as metadata. A point this cannot read (a count that is not
/// a whole number from 0 to `maximumSexualActivitiesPerColumn`, a list or object in it) is kept
/// whole and reported, as an unmapped metric is.
extension HealthAutoExportFile {
    /// The bucket's columns, each with what `HKSexualActivityProtectionUsed` says for it (nil: not said).
    static let sexualActivityColumns: [(column: String, protectionUsed: String?)] = [
        ("Unspecified", nil), ("Protection Used", "1"), ("Protection Not Used", "0"),
    ]

    /// More times than this in one bucket is not a count Health logs: the point is kept whole.
    static let maximumSexualActivitiesPerColumn = 100

    func sexualActivity(_ point: Document, name: String, units: String?, field: String, summary: inout ImportSummary) throws(ImportError) -> [Event] {
        let (start, offset) = try date(point, "date", field: field)
        var counts: [(column: String, protectionUsed: String?, times: Int)] = []
        for (column, protectionUsed) in Self.sexualActivityColumns {
            guard let value = point[column], value != .null else { continue }
            guard let times = Self.count(value), times <= Self.maximumSexualActivitiesPerColumn else {
                return [try kept(point, name: name, units: units, field: field, summary: &summary,
                                 why: "\(name) '\(column)' \(Self.text(value)) is not a count of times from 0 to \(Self.maximumSexualActivitiesPerColumn)")]
            }
            counts.append((column, protectionUsed, times))
        }
        let columns = Set(Self.sexualActivityColumns.map(\.column))
        let (extra, lists) = Self.flattened(Document(point.fields.filter { !columns.contains($0.name) && $0.name != "date" && $0.name != "source" }.map { ($0.name, $0.value) }))
        guard !counts.isEmpty, lists.isEmpty, !extra.keys.contains(where: { $0.contains(".") }) else {
            return [try kept(point, name: name, units: units, field: field, summary: &summary,
                             why: "a \(name) point without an Unspecified, Protection Used or Protection Not Used count, or with a list or object in it")]
        }
        var events: [Event] = []
        for (column, protectionUsed, times) in counts {
            for time in 0..<times {
                var tags = extra.merging(metadata(name, point)) { _, own in own }
                tags["HKSexualActivityProtectionUsed"] = protectionUsed
                let payload = CategoryRecorded(type: "HKCategoryTypeIdentifierSexualActivity", value: "HKCategoryValueNotApplicable", metadata: tags)
                // The column and which time of it, never the count: a re-sent bucket with one
                // time more stores that one.
                events.append(Event(payload, id: id(name, "\(column) \(time + 1)", start, point), start: start, end: start, utcOffset: offset, source: source))
            }
        }
        if events.isEmpty { summary.note("a \(name) point counting no time: nothing stored for it") }
        return events
    }

    /// A whole number of times, 0 or more.
    private static func count(_ value: DocValue) -> Int? {
        switch value {
        case .int(let number) where number >= 0 && number <= Int64(Int32.max): Int(number)
        case .double(let number) where number >= 0 && number <= Double(Int32.max) && number == number.rounded(): Int(number)
        default: nil
        }
    }
}
