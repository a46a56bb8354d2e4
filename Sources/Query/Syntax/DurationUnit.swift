/// Time units in durations: `30s`, `30m`/`30min`, `2h`, `7d`, `2w`, `3mo` (30 days), `1y` (365 days).
enum DurationUnit {
    static let units: [String: Int64] = [
        "s": 1_000_000, "sec": 1_000_000, "second": 1_000_000, "seconds": 1_000_000,
        "m": 60_000_000, "min": 60_000_000, "minute": 60_000_000, "minutes": 60_000_000,
        "h": 3_600_000_000, "hr": 3_600_000_000, "hour": 3_600_000_000, "hours": 3_600_000_000,
        "d": 86_400_000_000, "day": 86_400_000_000, "days": 86_400_000_000,
        "w": 604_800_000_000, "week": 604_800_000_000, "weeks": 604_800_000_000,
        "mo": 2_592_000_000_000, "month": 2_592_000_000_000, "months": 2_592_000_000_000,
        "y": 31_536_000_000_000, "year": 31_536_000_000_000, "years": 31_536_000_000_000,
    ]

    /// `30m` → 30 minutes in microseconds; nil when it is not a number and a unit.
    static func micros(_ text: String) -> Int64? {
        guard let split = text.firstIndex(where: \.isLetter), let amount = Double(text[..<split]), amount >= 0,
              let unit = units[text[split...].lowercased()] else { return nil }
        // Longer than Int64 microseconds (about 292,000 years) is not a duration anyone means.
        let micros = (amount * Double(unit)).rounded()
        guard micros < Double(Int64.max) else { return nil }
        return Int64(micros)
    }
}
