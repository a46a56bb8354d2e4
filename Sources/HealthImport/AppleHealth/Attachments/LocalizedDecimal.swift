/// Reads a number as a device in any region writes it: `-12.345` or `-12,345`.
///
/// Exactly one separator, dot or comma, is read as the decimal mark. Text with both, or with
/// several, is refused rather than guessed at: `1.234,5` means 1234.5 in Germany and nothing
/// sensible in English, and the file does not say which region wrote it.
enum LocalizedDecimal {
    static func parse(_ text: some StringProtocol) -> Double? {
        var normalized = ""
        var sawDigit = false
        var sawSeparator = false
        for (index, character) in text.enumerated() {
            switch character {
            case "0"..."9":
                sawDigit = true
                normalized.append(character)
            case "-" where index == 0, "+" where index == 0:
                normalized.append(character)
            case "." where !sawSeparator, "," where !sawSeparator:
                sawSeparator = true
                normalized.append(".")
            default:
                return nil
            }
        }
        guard sawDigit, let value = Double(normalized), value.isFinite else { return nil }
        return value
    }
}
