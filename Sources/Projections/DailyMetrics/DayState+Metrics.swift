import LedgerCore

/// Reduces a day's records to the catalog's columns.
extension DayState {
    static let microsPerDay: Int64 = 86_400_000_000
    static let microsPerHour = 3_600_000_000.0

    /// The day's values aligned with `MetricCatalog.columns`; `ranks` orders the day's sources.
    func values(day: LocalDay, ranks: [Int]) -> [Double?] {
        let layout = MetricCatalog.layout
        let (totals, reduction) = reduce(day: day, ranks: ranks)
        let night = SleepFold(day: day, samples: reduction.sleep)
        let sleepRecorded = !reduction.sleep.isEmpty
        return layout.plans.indices.map { column in
            let plan = layout.plans[column]
            let isSleep = layout.kinds[plan.series[0]] == .night
            let sampled = isSleep ? sleepRecorded : plan.series.contains { totals[$0].count > 0 }
            // A summary states a column only where no sample does.
            guard sampled else { return reduction.summaries[column].map { $0.value * plan.scale } }
            let value: Double? = switch plan.statistic {
            case .sum where isSleep:
                plan.series.contains { totals[$0].count > 0 } ? plan.series.reduce(0) { $0 + night.hours(Self.stage(of: $1, layout)) } : nil
            case .sum: plan.series.contains { totals[$0].count > 0 } ? plan.series.reduce(0) { $0 + totals[$1].sum } : nil
            case .minimum: totals[plan.series[0]].minimum
            case .maximum: totals[plan.series[0]].maximum
            case .average: totals[plan.series[0]].average
            case .count: totals[plan.series[0]].count > 0 ? Double(totals[plan.series[0]].count) : nil
            case .latest: totals[plan.series[0]].latest?.value
            case .earliestStartClock: night.bedtime
            case .latestEndClock: night.wakeTime
            // Naps are counted among sleeps: a night with no time asleep (in bed alone) has none to count.
            case .napCount: night.stages.contains(where: \.isAsleep) ? Double(night.napCount) : nil
            case .napTime: night.stages.contains(where: \.isAsleep) ? night.napHours : nil
            }
            return value.map { $0 * plan.scale }
        }
    }

    /// The night ending on `day` as `values` resolves it: its sleeps, stage by stage.
    func night(day: LocalDay, ranks: [Int]) -> SleepFold {
        SleepFold(day: day, samples: reduce(day: day, ranks: ranks).reduction.sleep)
    }

    /// Every record added to its series' totals or set aside for the night and the summaries.
    private func reduce(day: LocalDay, ranks: [Int]) -> (totals: [SeriesTotals], reduction: Reduction) {
        let layout = MetricCatalog.layout
        var totals = [SeriesTotals](repeating: SeriesTotals(), count: layout.series.count)
        var reduction = Reduction()
        let sampled = SampledSeries(records, layout: layout)
        for group in sortedByGroup(layout, ranks) {
            accumulate(group, day: day, layout: layout, ranks: ranks, sampled: sampled, into: &totals, &reduction)
        }
        return (totals, reduction)
    }

    /// What a day's records leave beside the series totals: the sleep samples for
    /// `SleepFold` and, per column, the summary that stands for it (the latest).
    private struct Reduction {
        var sleep: [SleepFold.Sample] = []
        var summaries: [Int: DayRecord] = [:]

        /// Two summaries of one column never add: the one that started last wins (ties: the larger id).
        mutating func offer(summary record: DayRecord) {
            let column = Int(record.summaryColumn) - 1
            if let held = summaries[column], (held.start, held.idHigh, held.idLow) >= (record.start, record.idHigh, record.idLow) { return }
            summaries[column] = record
        }
    }

    private static func stage(of series: Int, _ layout: CatalogLayout) -> SleepStage {
        guard case .sleep(let stage) = layout.series[series].input else { preconditionFailure("series \(series) is not sleep") }
        return stage
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
    /// for cumulative series: each rank sees only what higher ranks left uncovered. Sleep
    /// samples and summaries are set aside in `reduction`.
    private func accumulate(_ group: ArraySlice<Int>, day: LocalDay, layout: CatalogLayout, ranks: [Int], sampled: SampledSeries,
                            into totals: inout [SeriesTotals], _ reduction: inout Reduction) {
        var claimed = CoverageUnion()
        var pending: [(Int64, Int64)] = []
        var currentRank = -1
        var saves = SavesOfOneSample()
        for index in group {
            let record = records[index]
            if record.summaryColumn != 0 {
                reduction.offer(summary: record)
                continue
            }
            if saves.isRepeat(record, rank: ranks[Int(record.source)]) { continue }
            let series = Int(record.series)
            let kind = layout.kinds[series]
            if record.isAggregatePoint, sampled.holdsSamples(series: series, kind: kind) { continue }
            totals[series].count += 1
            switch kind {
            case .discrete:
                totals[series].add(record.value, lowest: record.minimum, highest: record.maximum)
            case .summary:
                totals[series].offerLatest(record)
            case .night:
                reduction.sleep.append(SleepFold.Sample(
                    stage: Self.stage(of: series, layout), rank: ranks[Int(record.source)],
                    start: record.start, end: record.end, utcOffset: record.utcOffset, endUTCOffset: record.endUTCOffset))
            case .cumulative:
                let rank = ranks[Int(record.source)]
                if rank != currentRank {
                    for (start, end) in pending { claimed.insert(start, end) }
                    pending.removeAll(keepingCapacity: true)
                    currentRank = rank
                }
                pending.append((record.start, record.end))
                totals[series].sum += contribution(record, day: day, claimed: claimed)
            }
        }
    }

    /// The part of a cumulative record that falls on the day and no higher-priority source
    /// claimed, prorated.
    private func contribution(_ record: DayRecord, day: LocalDay, claimed: CoverageUnion) -> Double {
        if record.start == record.end {
            // An instant lies on the day it was routed to.
            return claimed.contains(record.start) ? 0 : record.value
        }
        let midnight = day.midnight(utcOffset: record.utcOffset).micros
        let from = max(record.start, midnight)
        let to = min(record.end, midnight + Self.microsPerDay)
        guard from < to else { return 0 }
        let visible = Double((to - from) - claimed.covered(from, to))
        return record.value * visible / Double(record.end - record.start)
    }

    /// Local clock time in decimal hours, 0 ≤ h < 24.
    static func clockHours(_ moment: (instant: Int64, utcOffset: Int32)) -> Double {
        let local = moment.instant + Int64(moment.utcOffset) * 1_000_000
        let microsOfDay = (local % microsPerDay + microsPerDay) % microsPerDay
        return Double(microsOfDay) / microsPerHour
    }
}
