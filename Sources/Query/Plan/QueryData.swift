public import LedgerCore
public import Projections

/// What a query reads: the query index, the daily metrics, and the time it is now.
public final class QueryData {
    public let index: QueryIndexState
    public let daily: DailyMetricsViewState
    /// `last 7d` counts back from here; a parameter so tests and replays are repeatable.
    public let now: Timestamp
    /// The scale mood and fatigue ratings are shown on, in rows and daily columns alike.
    public let ratingScale: RatingScale
    private var dailyValues: [DailyCell: Double?] = [:]

    public init(index: QueryIndexState, daily: DailyMetricsViewState, now: Timestamp) throws {
        self.index = index
        self.daily = daily
        self.now = now
        ratingScale = try index.ratingScale()
        daily.ratingScale = ratingScale
    }

    /// Folds `events` into an in-memory index and daily metrics (tests, small vaults).
    public convenience init(events: [Event], now: Timestamp) throws {
        let index = QueryIndexState()
        let daily = try DailyMetricsView.makeState { _ in nil }
        for event in events {
            try index.add(event)
            try daily.add(event)
        }
        try self.init(index: index, daily: daily, now: now)
    }

    /// The value of daily-metric column `key` on local day `day`, from only the partitions
    /// that column is computed from: a query over every day of a long history reads one or
    /// two partitions a day, not the day's every group.
    func dailyValue(_ key: String, day: Int64) throws -> Double? {
        guard let column = MetricCatalog.columnIndex(of: key) else { return nil }
        return try dailyValue(column: column, day: day)
    }

    /// The values of daily-metric column `key` on local days `days`, as `dailyValue` gives
    /// each: the column named once for a whole history of days.
    func dailyValues(_ key: String, days: [Int64]) throws -> [Double?] {
        guard let column = MetricCatalog.columnIndex(of: key) else { return [Double?](repeating: nil, count: days.count) }
        let missing = days.filter { dailyValues[DailyCell(column: column, day: $0)] == nil }
        dailyValues.reserveCapacity(dailyValues.count + missing.count)
        for (day, value) in zip(missing, try daily.values(of: column, on: missing.map(LocalDay.init(number:)))) {
            dailyValues[DailyCell(column: column, day: day)] = value
        }
        return try days.map { try dailyValue(column: column, day: $0) }
    }

    private func dailyValue(column: Int, day: Int64) throws -> Double? {
        let cell = DailyCell(column: column, day: day)
        if let held = dailyValues[cell] { return held }
        let value = try daily.values(for: LocalDay(number: day), columns: [column])[0]
        dailyValues[cell] = value
        return value
    }
}

/// One daily-metric column (its index in `MetricCatalog.columns`) on one local day.
private struct DailyCell: Hashable {
    let column: Int
    let day: Int64
}
