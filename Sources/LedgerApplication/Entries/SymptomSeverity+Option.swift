public import LedgerCore

extension SymptomSeverity {
    /// `--severity` as a number 0–3 or the word.
    public init(option text: String) throws {
        let level = Int(text).flatMap(SymptomSeverity.init(rawValue:)) ?? SymptomSeverity.allCases.first { "\($0)" == text.lowercased() }
        guard let level else {
            throw EntryRejected("--severity \(text) must be 0–3 or absent, mild, moderate, severe")
        }
        self = level
    }
}
