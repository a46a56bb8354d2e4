import LedgerCore

/// The lists a file's text holds, before any is made into events.
extension HealthAutoExportFile {
    /// What a note on a field of `data` that is not a list ends with; the listener answers
    /// these as `notImported`.
    static let notAList = "not stored: a field of data that is not a list (the app sends every kind of reading as a list), which this version does not read"

    /// `data.metrics`, `data.workouts` and the entries of every other array of `data` (of a
    /// `.csv` file, read as the JSON it stands for): those of `entryArrays` and those this
    /// version does not read (heart-rate notifications…), which are kept whole rather than
    /// dropped unsaid; and the names of the fields of `data` that are neither a list nor
    /// empty, which are named rather than dropped unsaid. The rest of the document is let go.
    /// A CSV file of a layout this version does not read gives its rows instead, kept whole.
    func lists(parsing text: String) throws(ImportError) -> (
        metrics: [DocValue], workouts: [DocValue], entries: [(array: String, items: [DocValue])], notLists: [String],
        unreadCSV: HealthAutoExportCSV.UnreadLayout?
    ) {
        if path.lowercased().hasSuffix(".csv") {
            let (metrics, workouts, unread) = try HealthAutoExportCSV(path: path, clock: clock).lists(parsing: text)
            return (metrics, workouts, [], [], unread)
        }
        let root: Document
        do {
            root = try JSONParser.parseObject(text)
        } catch {
            throw .malformed(path, "not JSON as Health Auto Export writes it: \(error)")
        }
        guard case .map(let data)? = root["data"] else {
            throw .malformed(path, column: "data", "no 'data' object: this is not a Health Auto Export JSON export (version 2)")
        }
        // In the order the document has them, so that a run's events and summaries repeat.
        var entries: [(array: String, items: [DocValue])] = []
        var notLists: [String] = []
        for field in data.fields where field.name != "metrics" && field.name != "workouts" {
            if Self.entryArrays.contains(field.name) {
                entries.append((field.name, try array(field.value, field: "data." + field.name)))
            } else if case .array(let items) = field.value {
                if !items.isEmpty { entries.append((field.name, items)) }
            } else if Self.saysSomething(field.value) {
                notLists.append(field.name)
            }
        }
        return (try array(data["metrics"], field: "data.metrics"), try array(data["workouts"], field: "data.workouts"), entries, notLists, nil)
    }

    /// Whether a value holds anything: not null, an empty text or an empty object.
    private static func saysSomething(_ value: DocValue) -> Bool {
        switch value {
        case .null: false
        case .string(let text): !text.isEmpty
        case .map(let document): !document.isEmpty
        default: true
        }
    }
}
