/// The scale every mood and fatigue figure is shown on, whatever scale each rating was
/// given on: a rating is first taken as the fraction of its own event's scale,
/// (rating − scaleMin) / (scaleMax − scaleMin), then placed on this scale,
/// low + fraction × (high − low). So 4 of 1–5, 7 of 1–10 and 3 of 0–10 read 7.75, 7 and
/// 3.7 on 1–10, and a person who only ever rates 1–10 sees their own numbers.
///
/// The setting `ratings.scale` (`"MIN-MAX"`, e.g. `1-5`; `null` for the default 1–10)
/// chooses it for the whole vault: a display choice, so changing it re-reads every past
/// rating on the new scale and never changes what a rating meant.
public struct RatingScale: Sendable, Equatable, CustomStringConvertible {
    public let low: Double
    public let high: Double

    public static let settingKey = "ratings.scale"
    public static let standard = RatingScale(checkedLow: 1, high: 10)

    private init(checkedLow low: Double, high: Double) {
        self.low = low
        self.high = high
    }

    /// `"1-10"`, `"0-100"`: two non-negative finite numbers, the first below the second.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Double(String($0)) }
        guard parts.count == 2, let low = parts[0], let high = parts[1], low.isFinite, high.isFinite, low < high else { return nil }
        self.init(checkedLow: low, high: high)
    }

    /// The scale a `ratings.scale` setting's value chooses: the default for `null`, nil for
    /// anything that is not `"MIN-MAX"`.
    public init?(setting value: DocValue) {
        switch value {
        case .null: self = .standard
        case .string(let text): self.init(text)
        default: return nil
        }
    }

    /// A rating given on `scaleMin…scaleMax`, shown on this scale.
    public func show(_ rating: Double, scaleMin: Double, scaleMax: Double) -> Double {
        show(fraction: (rating - scaleMin) / (scaleMax - scaleMin))
    }

    /// A fraction of a scale (0 its lowest, 1 its highest), shown on this scale.
    public func show(fraction: Double) -> Double { low + fraction * (high - low) }

    /// `1-10`, as the setting writes it and column headers show it.
    public var description: String { "\(Self.figure(low))-\(Self.figure(high))" }

    private static func figure(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : JSONWriter.formatDouble(value)
    }
}
