import LedgerCore

/// Numbers as the report prints them: thousands grouped with commas, a decimal only where
/// it says something — the same on every machine, whatever its locale.
enum ReportFormat {
    static func figure(_ value: Double) -> String {
        abs(value) >= 100 ? grouped(Int64(value.rounded())) : decimal(value, digits: 1)
    }

    /// `1 day`, `30 days`, `1,204 doses`: a count with its noun, plural unless one.
    static func count(_ value: Int, _ noun: String) -> String {
        "\(grouped(Int64(value))) \(noun)\(value == 1 ? "" : "s")"
    }

    static func grouped(_ value: Int64) -> String { Thousands.grouped(value) }

    static func decimal(_ value: Double, digits: Int) -> String {
        let scale = pow10(digits)
        let scaled = Int64((value * scale).rounded())
        let whole = scaled.magnitude / UInt64(scale), fraction = String(scaled.magnitude % UInt64(scale))
        let sign = scaled < 0 ? "-" : ""
        guard digits > 0 else { return sign + "\(whole)" }
        return sign + "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    private static func pow10(_ digits: Int) -> Double { (0..<digits).reduce(1.0) { value, _ in value * 10 } }
}
