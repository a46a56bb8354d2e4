/// What a person can possibly eat in one entry or weigh: a value outside is a typo (a missing
/// decimal point, grams for kilograms) and is refused before it skews a budget for weeks.
/// The bounds are written in README beside `eat` and `weigh`.
public enum EntryBounds {
    public static let kcalPerEntry = 0.0...20_000
    public static let gramsPerEntry = 0.0...2_000
    public static let bodyMassKg = 0.5...650

    /// Throws, naming the option and the bound, when `value` is outside `range`.
    public static func check(_ value: Double?, _ range: ClosedRange<Double>, _ option: String, unit: String) throws {
        guard let value, !range.contains(value) || !value.isFinite else { return }
        throw EntryRejected(
            "\(option) \(format(value)) is not possible for one entry: give \(format(range.lowerBound))…\(format(range.upperBound)) \(unit)")
    }

    public static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
