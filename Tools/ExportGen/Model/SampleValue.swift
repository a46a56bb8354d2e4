/// A record's `value` attribute.
enum SampleValue {
    /// A quantity, rounded to `places` decimals with trailing zeros dropped.
    case quantity(Double, places: Int)
    /// A category value such as `HKCategoryValueSleepAnalysisAsleepREM`.
    case category(String)
}
