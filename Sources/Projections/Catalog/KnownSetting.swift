public import LedgerCore

/// A setting a view reads, with the values it can use.
///
/// A view that meets a value it cannot use falls back to the default without a word, so
/// changes are checked when they are appended, not when they are read.
public struct KnownSetting: Sendable {
    public let key: String
    /// The values allowed, as a person reads them.
    public let allowed: String
    /// What is in force while the setting was never changed (or changed to null).
    public let defaultText: String
    private let accepts: @Sendable (DocValue) -> Bool

    public static let all: [KnownSetting] = [
        KnownSetting(
            key: CalorieSettings.firstWeekdayKey, allowed: "1–7 (1 = Sunday) or a weekday name (sunday … saturday, at least 3 letters)",
            defaultText: "monday", accepts: { text($0).flatMap(Weekday.init(setting:)) != nil }),
        KnownSetting(
            key: CalorieSettings.dailyAdjustmentKey, allowed: "a number of kcal within −2000…2000", defaultText: "0",
            accepts: { number($0).map { (-2000...2000).contains($0) } ?? false }),
        KnownSetting(
            key: CalorieSettings.algorithmKey, allowed: "1 or 2 (v1, v2)", defaultText: "\(CalorieSettings.defaultAlgorithm)",
            accepts: { ["1", "2", "v1", "v2"].contains(text($0)?.lowercased() ?? "") }),
    ] + CalorieSettings.targetKeys.keys.sorted().map { key in
        KnownSetting(
            key: key, allowed: "grams per day within 0…1000", defaultText: "none",
            accepts: { number($0).map { (0...1000).contains($0) } ?? false })
    } + [
        KnownSetting(
            key: SourcePriority.settingKey, allowed: "a list of source names, highest priority first: [\"Apple Watch\",\"iPhone\"]",
            defaultText: "Apple Watch, then iPhone, then the rest by name", accepts: { SourcePriority.names(in: $0) != nil }),
        KnownSetting(
            key: RatingScale.settingKey, allowed: "a scale \"MIN-MAX\" of two non-negative numbers, the first below the second: \"1-5\", \"0-100\"",
            defaultText: "\(RatingScale.standard)", accepts: { RatingScale(setting: $0) != nil }),
        KnownSetting(
            key: FaceModelsState.targetsKey, allowed: "a daily metric name or a list of them: [\"sleep_score\",\"hrv\"]",
            defaultText: "the built-in targets", accepts: { value in
                switch value {
                case .string: true
                case .array(let items): items.allSatisfy { if case .string = $0 { true } else { false } }
                default: false
                }
            }),
    ]

    public static func named(_ key: String) -> KnownSetting? { all.first { $0.key == key } }

    /// Throws, naming the allowed values, unless `value` is one of them or null (the default;
    /// `value=null` on the command line is the text "null", read the same way).
    public func check(_ value: DocValue) throws(ValidationError) {
        switch value {
        case .null, .string("null"): return
        default: break
        }
        guard accepts(value) else {
            throw ValidationError(
                kind: .settingChanged, field: key, value: describe(value), reason: "is not allowed: give \(allowed), or null for the default")
        }
    }

    private static func text(_ value: DocValue) -> String? {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number) where number == number.rounded(): String(Int64(number))
        default: nil
        }
    }

    private static func number(_ value: DocValue) -> Double? {
        switch value {
        case .int(let number): Double(number)
        case .double(let number): number.isFinite ? number : nil
        case .string(let text): Double(text).flatMap { $0.isFinite ? $0 : nil }
        default: nil
        }
    }
}
