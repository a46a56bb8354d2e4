import LedgerCore

/// The entries of an array of `data` this version has no typed event for: `heartRateNotifications`,
/// and any array a later version of the app adds. Each is kept whole as `exportElement.recorded`
/// (element `HealthAutoExport.<array>`, every field as an attribute, every list as children),
/// noted as unmapped and counted, so that a later version can replay it into typed events.
///
/// Heart-rate notifications stay here rather than becoming HealthKit's high, low or irregular
/// heart-rate events: the app's documented layout (`start`, `end`, `threshold` for high and low
/// ones, `heartRate[]`, `heartRateVariation[]`) says which of the three an entry is nowhere, and a
/// guess from its threshold or its readings would store a category the person was never notified of.
extension HealthAutoExportFile {
    /// The fields an entry's time is read from, in the order they are looked for.
    static let unreadEntryTimeFields = ["start", "date", "startDate"]

    /// Fields that say which thing an entry is rather than what it measured: with its start and
    /// its source they tell two entries apart, and a re-send does not change them.
    static let unreadEntryNameFields = ["name", "kind", "type"]

    /// List items one kept entry may have: an ECG's voltages are bounded the same.
    static let maximumUnreadEntryItems = 100_000

    /// What a note on an entry that cannot be kept ends with; the listener answers these as `notImported`.
    static let notImported = "not stored: an entry of an array this version does not read is kept only as an object with a start or date written with its UTC offset"

    /// The note that counts the kept entries of `array`.
    static func unreadArrayNote(_ array: String) -> String {
        "data.\(array): an array this version has no typed event for: kept whole as exportElement.recorded (unmapped)"
    }

    /// The entry kept whole, or nil (and a note) when it has no time to be kept at.
    func unreadEntry(_ value: DocValue, of array: String, field: String, summary: inout ImportSummary) throws(ImportError) -> Event? {
        guard case .map(let entry) = value, let when = time(of: entry, field: field) else {
            summary.note("data.\(array): an entry \(Self.notImported)")
            return nil
        }
        let (attributes, children) = Self.flattened(entry)
        guard children.count <= Self.maximumUnreadEntryItems else {
            throw .malformed(path, column: field, "more than \(Self.maximumUnreadEntryItems) items in its lists; export a shorter window")
        }
        let (start, offset) = when
        var end: Timestamp?
        if case .string? = entry["end"], let stop = try? date(entry, "end", field: field).timestamp, stop >= start { end = stop }
        let app = pointSource(entry)
        // HealthKit's id where the app sends one; else when it began, what it is and where it
        // came from: never what it measured, which a re-sent window may have grown.
        let named = Self.unreadEntryNameFields.map { entry[$0].map(Self.text) ?? "" }
        let key = entry["id"].map(Self.text).flatMap { $0.isEmpty ? nil : [array, "id", $0] }
            ?? [array, String(start.micros)] + named + [app ?? ""]
        summary.note(Self.unreadArrayNote(array))
        summary.count(type: "HealthAutoExport:" + array, source: source.name)
        let payload = ExportElementRecorded(element: "HealthAutoExport." + array, attributes: attributes, children: children)
        return Event(payload, id: identity.id(Self.idNamespace, ["unread"] + key), start: start, end: end, utcOffset: offset, source: entrySource(app))
    }

    /// The first of the entry's time fields that reads as a date with its offset.
    private func time(of entry: Document, field: String) -> (timestamp: Timestamp, utcOffset: Int32)? {
        for name in Self.unreadEntryTimeFields {
            if case .string? = entry[name], let when = try? date(entry, name, field: field) { return when }
        }
        return nil
    }
}
