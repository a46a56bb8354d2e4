import LedgerCore

extension MetricColumn {
    /// A value as a person reads it, the same in `daily`, its JSON, the dashboard and the
    /// analysis exports: a count whole (steps are counted, not measured; the day's sum of
    /// overlapping sources' shares is fractional), anything else without the last bits of
    /// binary noise (a score of 100, not 100.00000000000001).
    public func shown(_ value: Double) -> Double {
        header.hasSuffix("(count)") ? value.rounded() : ShownNumber.clean(value)
    }
}
