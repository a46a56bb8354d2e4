/// Which series a day holds samples of, as opposed to points an app aggregated.
///
/// The rule for aggregates (Health Auto Export's buckets): for a series and a local day,
/// samples win; aggregated points count only where the day has no sample of that series,
/// and then fold among themselves as samples do (summed, averaged, min and max). Sleep
/// stages are one night: a sample of any stage sets every stage's aggregates aside.
struct SampledSeries {
    private var series: [Bool]
    private var sleep = false

    init(_ records: [DayRecord], layout: CatalogLayout) {
        series = [Bool](repeating: false, count: layout.series.count)
        for record in records where record.summaryColumn == 0 && !record.isAggregatePoint {
            series[Int(record.series)] = true
            if layout.kinds[Int(record.series)] == .night { sleep = true }
        }
    }

    func holdsSamples(series index: Int, kind: SeriesKind) -> Bool {
        kind == .night ? sleep : series[index]
    }
}
