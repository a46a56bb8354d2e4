import LedgerCore

/// Date labels for time axes, from local microseconds.
enum TimeLabel {
    static func text(_ micros: Double, step: Double) -> String {
        let value = Int64(micros)
        let days = (value >= 0 ? value : value - 86_399_999_999) / 86_400_000_000
        let (year, month, day) = CivilDate.fromDays(days)
        func pad(_ number: Int64) -> String { number < 10 ? "0\(number)" : "\(number)" }
        if step < 86_400_000_000 {
            return "\(pad(month))-\(pad(day)) \(pad((value - days * 86_400_000_000) / 3_600_000_000)):00"
        }
        return "\(year)-\(pad(month))-\(pad(day))"
    }
}
