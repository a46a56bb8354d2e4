import LedgerCore

/// A capture's `_health.json`: that day's Health values under ShareHealth's CSV column
/// names (`"Step Count (count)": "8543"`), read as a `ShareHealthDay` of their own source.
///
/// Its values are day summaries like a CSV's: where the day has samples they do not
/// count, and a snapshot and a CSV of the same day and column never add.
enum HealthSnapshotFile {
    static let source = Source(name: "ShareHealth health snapshot")

    static func day(path: String, day: Int64, utcOffset: Int32, summary: inout ImportSummary) throws(ImportError) -> ShareHealthDay {
        let text = try FolderScan.text(of: path)
        let document: Document
        do {
            document = try JSONParser.parseObject(text)
        } catch {
            throw .malformed(path, line: FaceMetricsFile.line(atByte: error.offset, in: text), "not valid JSON: \(error.message)")
        }
        var snapshot = ShareHealthDay(day: day, utcOffset: utcOffset, source: source, file: path, line: nil)
        for (name, value) in document.fields {
            let text: String
            switch value {
            case .string(let string): text = string
            case .int(let number): text = String(number)
            case .double(let number): text = String(number)
            case .null: continue
            default: throw .malformed(path, column: name, "\(describe(value)) is neither a number nor text")
            }
            try snapshot.add(ShareHealthHeader(name), text: text, summary: &summary)
        }
        return snapshot
    }
}
