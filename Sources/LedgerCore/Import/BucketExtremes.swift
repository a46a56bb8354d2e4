/// Metadata keys of a point an app aggregated from samples that keeps its bucket's extremes
/// beside its value: Health Auto Export's heart rate, whose `Avg` is the value and whose `Min`
/// and `Max` are these. Daily metrics take a day's minimum and maximum from them.
public enum BucketExtremes {
    public static let minimumKey = "HealthAutoExportMin"
    public static let maximumKey = "HealthAutoExportMax"
}
