import LedgerCore

/// Reduces a day's records to the catalog's columns.
extension DayState {
    static let microsPerDay: Int64 = 86_400_000_000
    static let microsPerHour = 3_600_000_000.0

    /// The day's values aligned with `MetricCatalog.columns`; `ranks` orders the day's sources.
    func values(day: LocalDay, ranks: [Int]) -> [Double?] {
        let layout = MetricCatalog.layout
        var totals = [SeriesTotals](repeating: SeriesTotals(), count: layout.series.count)
        for group in sortedByGroup(layout, ranks) { accumulate(group, day: day, layout: layout, ranks: ranks, into: &totals) }
        return layout.plans.map { plan in
            let value: Double? = switch plan.statistic {
            case .sum: plan.series.contains { totals[$0].count > 0 } ? plan.series.reduce(0) { $0 + totals[$1].sum } : nil
            case .minimum: totals[plan.series[0]].minimum
            case .maximum: totals[plan.series[0]].maximum
            case .average: totals[plan.series[0]].average
            case .count: totals[plan.series[0]].count > 0 ? Double(totals[plan.series[0]].count) : nil
            case .latest: totals[plan.series[0]].latest?.value
            case .earliestStartClock:
                plan.series.compactMap { totals[$0].earliestStart }.min { $0.instant < $1.instant }.map(Self.clockHours)
            case .latestEndClock:
                plan.series.compactMap { totals[$0].latestEnd }.max { $0.instant < $1.instant }.map(Self.clockHours)
            }
            return value.map { $0 * plan.scale }
        }
    }

    /// Record indices grouped by overlap group, each group sorted by source rank, then time
    /// and id, so that sums never depend on the order events arrived in.
    private func sortedByGroup(_ layout: CatalogLayout, _ ranks: [Int]) -> [ArraySlice<Int>] {
        let order = records.indices.sorted { left, right in
            let a = records[left], b = records[right]
            let groupA = layout.series[Int(a.series)].group, groupB = layout.series[Int(b.series)].group
            if groupA != groupB { return groupA < groupB }
            let rankA = ranks[Int(a.source)], rankB = ranks[Int(b.source)]
            if rankA != rankB { return rankA < rankB }
            return (a.start, a.end, a.idHigh, a.idLow, a.series) < (b.start, b.end, b.idHigh, b.idLow, b.series)
        }
        var groups: [ArraySlice<Int>] = []
        var first = 0
        for index in order.indices where index + 1 == order.count
            || layout.series[Int(records[order[index + 1]].series)].group != layout.series[Int(records[order[index]].series)].group {
            groups.append(order[first...index])
            first = index + 1
        }
        return groups
    }

    /// Adds one group's records to their series' totals, resolving overlaps between sources
    /// for cumulative and sleep series: each rank sees only what higher ranks left uncovered.
    private func accumulate(_ group: ArraySlice<Int>, day: LocalDay, layout: CatalogLayout, ranks: [Int], into totals: inout [SeriesTotals]) {
        var claimed = CoverageUnion()
        var pending: [(Int64, Int64)] = []
        var currentRank = -1
        for index in group {
            let record = records[index]
            let series = Int(record.series)
            let kind = layout.kinds[series]
            totals[series].note(record)
            switch kind {
            case .discrete:
                totals[series].add(record.value)
            case .summary:
                totals[series].offerLatest(record)
            case .cumulative, .night:
                let rank = ranks[Int(record.source)]
                if rank != currentRank {
                    for (start, end) in pending { claimed.insert(start, end) }
                    pending.removeAll(keepingCapacity: true)
                    currentRank = rank
                }
                pending.append((record.start, record.end))
                totals[series].sum += contribution(record, kind: kind, day: day, claimed: claimed)
            }
        }
    }

    /// The part of a record that falls on the day and no higher-priority source claimed:
    /// its prorated amount (cumulative) or its hours (sleep).
    private func contribution(_ record: DayRecord, kind: SeriesKind, day: LocalDay, claimed: CoverageUnion) -> Double {
        if record.start == record.end {
            // An instant lies on the day it was routed to; it has no hours of sleep.
            return kind == .cumulative && !claimed.contains(record.start) ? record.value : 0
        }
        var from = record.start
        var to = record.end
        if kind == .cumulative {
            let midnight = day.midnight(utcOffset: record.utcOffset).micros
            from = max(from, midnight)
            to = min(to, midnight + Self.microsPerDay)
        }
        guard from < to else { return 0 }
        let visible = Double((to - from) - claimed.covered(from, to))
        return kind == .night ? visible / Self.microsPerHour : record.value * visible / Double(record.end - record.start)
    }

    /// Local clock time in decimal hours, 0 ≤ h < 24.
    static func clockHours(_ moment: (instant: Int64, utcOffset: Int32)) -> Double {
        let local = moment.instant + Int64(moment.utcOffset) * 1_000_000
        let microsOfDay = (local % microsPerDay + microsPerDay) % microsPerDay
        return Double(microsOfDay) / microsPerHour
    }
}
