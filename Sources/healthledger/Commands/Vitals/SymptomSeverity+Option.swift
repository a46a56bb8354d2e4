import LedgerCore

extension SymptomSeverity {
    /// `--severity` as a number 0–3 or the word.
    init(option text: String) throws {
        let level = Int(text).flatMap(SymptomSeverity.init(rawValue:)) ?? SymptomSeverity.allCases.first { "\($0)" == text.lowercased() }
        guard let level else {
            throw ExitStatus.Failure(status: .invalidInput, message: "--severity \(text) must be 0–3 or absent, mild, moderate, severe")
        }
        self = level
    }
}
