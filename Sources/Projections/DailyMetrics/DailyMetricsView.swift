import Foundation
public import LedgerCore
import LedgerStore
import Synchronization

/// Daily metrics as a projection: one partition per local day and overlap group, one for settings.
public enum DailyMetricsView: ProjectionKind {
    public static let name = "daily-metrics"
    /// A day's metrics come from the samples counting on it and the settings (source priorities).
    public static let settingKinds: Set<EventKind>? = [.settingChanged]
    public static let daysStandAlone = true
    /// v1: ShareHealth's metrics with source-priority de-duplication (see MetricCatalog).
    /// v2: the same metrics, stored per day and overlap group instead of per day.
    /// v3: sleep resolved per night (overlaps counted once, the main sleep apart from naps,
    /// new nap columns); ShareHealth day summaries fill only what no sample covers, each in
    /// the one column it states.
    /// v4: a sample saved again by its source counts once (`RepeatedSample`); Bedtime and
    /// Wake Time read each sleep sample at its own offset.
    /// v5: points an app aggregated (Health Auto Export) count for a series and day only
    /// where no sample of that series falls on the day; among themselves they fold as samples.
    /// v6: such a point's bucket extremes (Health Auto Export's heart-rate `Min` and `Max`) set
    /// the day's minimum and maximum, where v5 took its average for both.
    public static let version = 6

    static let settingsKey: [UInt8] = [0x02]
    /// Present once the view's day directories list every partition it holds.
    static let directoriesCompleteKey: [UInt8] = [0x04]

    /// Present once the view's day values hold every day it holds a partition on.
    static let valuesCompleteKey: [UInt8] = [0x06]

    /// `0x03`, then the block number: keys sort by block.
    static func directoryKey(_ block: Int64) -> [UInt8] { [0x03] + sortingBytes(block) }

    /// `0x05`, then the block number: a block's day values (`DayValues`).
    static func valuesKey(_ block: Int64) -> [UInt8] { [0x05] + sortingBytes(block) }

    static func valuesBlock(_ key: [UInt8]) -> Int64? {
        guard key.count == 9, key[0] == 0x05 else { return nil }
        return Int64(bitPattern: bigEndianValue(key[1..<9]) ^ (1 << 63))
    }

    /// `0x01`, the day number, then the group: keys sort by date.
    static func key(_ partition: DayPartition) -> [UInt8] {
        [0x01] + sortingBytes(partition.day.number) + [UInt8(partition.group >> 8), UInt8(truncatingIfNeeded: partition.group)]
    }

    /// `value` big-endian with its sign bit flipped, so byte order is numeric order.
    private static func sortingBytes(_ value: Int64) -> [UInt8] { bigEndianBytes(UInt64(bitPattern: value) ^ (1 << 63)) }

    static func day(_ key: [UInt8]) -> LocalDay? {
        guard key.count == 11, key[0] == 0x01 else { return nil }
        let raw = bigEndianValue(key[1..<9])
        return LocalDay(number: Int64(bitPattern: raw ^ (1 << 63)))
    }

    public static func makeState(load: @escaping ([UInt8]) throws -> [UInt8]?) throws -> DailyMetricsViewState {
        try DailyMetricsViewState(load: load)
    }

    /// "changed 212 days; step_count mean +41 …; emptied: naps on 3 days; 150 stored anew,
    /// reading as before" and a few days with their largest change. A column that gains or
    /// loses its value has no delta to average, and a day whose stored state changed while
    /// its values read the same (the old state read by this version) has none either: both
    /// are counted, so every changed day is accounted for.
    public static func describeChanges(from old: DailyMetricsViewState, to new: DailyMetricsViewState, keys: [[UInt8]]) throws -> [String] {
        let days = Set(keys.compactMap(day)).sorted()
        guard !days.isEmpty else {
            var lines: [String] = []
            if keys.contains(settingsKey) { lines.append("source priority settings changed") }
            if keys.contains(directoriesCompleteKey) {
                lines.append("day directories written (\(keys.filter { $0.first == 0x03 }.count) blocks of \(DayDirectory.daysPerBlock) days): a day's read now asks only for the groups it holds")
            }
            let blocks = keys.compactMap(valuesBlock)
            if keys.contains(valuesCompleteKey) {
                lines.append("day values written (\(blocks.count) blocks of \(DayDirectory.daysPerBlock) days): a column read by day now reads a block's values, not each day's partitions")
            } else if !blocks.isEmpty {
                lines.append(try describeValues(of: old, in: blocks))
            }
            return lines
        }
        let columns = MetricCatalog.columns
        var sums = [Double](repeating: 0, count: columns.count)
        var counts = [Int](repeating: 0, count: columns.count)
        var emptied = [Int](repeating: 0, count: columns.count)
        var filled = [Int](repeating: 0, count: columns.count)
        var readingAsBefore = 0
        var samples: [String] = []
        for (index, day) in days.enumerated() {
            // A version change touches every day: the partitions each day loads are let go of
            // as the comparison goes, or both states would end up in memory.
            if index % 64 == 63 {
                old.evict()
                new.evict()
            }
            let before = try old.computedMetrics(for: day).values, after = try new.computedMetrics(for: day).values
            var largest: (column: Int, delta: Double)?
            var appearance: String?
            for column in columns.indices {
                switch (before[column], after[column]) {
                case let (a?, b?) where a != b:
                    sums[column] += b - a
                    counts[column] += 1
                    if abs(b - a) > abs(largest?.delta ?? 0) { largest = (column, b - a) }
                case let (a?, nil):
                    emptied[column] += 1
                    appearance = appearance ?? "\(columns[column].key) emptied (was \(number(a)))"
                case let (nil, b?):
                    filled[column] += 1
                    appearance = appearance ?? "\(columns[column].key) filled (\(number(b)))"
                default:
                    continue
                }
            }
            let change = largest.map { "\(columns[$0.column].key) \(signed($0.delta))" } ?? appearance
            if change == nil { readingAsBefore += 1 }
            if samples.count < 3, let change { samples.append("  \(day): \(change)") }
        }
        let deltas = columns.indices.filter { counts[$0] > 0 }
            .sorted { abs(sums[$0] / Double(counts[$0])) > abs(sums[$1] / Double(counts[$1])) }
            .prefix(5)
            .map { "\(columns[$0].key) mean \(signed(sums[$0] / Double(counts[$0])))" }
        var head = "\(name) v\(version) changed \(days.count) day\(days.count == 1 ? "" : "s")" + (deltas.isEmpty ? "" : "; " + deltas.joined(separator: ", "))
        for (word, tally) in [("emptied", emptied), ("filled", filled)] where tally.contains(where: { $0 > 0 }) {
            let listed = columns.indices.filter { tally[$0] > 0 }.sorted { tally[$0] > tally[$1] }.prefix(5)
                .map { "\(columns[$0].key) on \(tally[$0]) day\(tally[$0] == 1 ? "" : "s")" }
            head += "; \(word): " + listed.joined(separator: ", ")
        }
        if readingAsBefore > 0 { head += "; \(readingAsBefore) stored anew, reading as before" }
        return [head] + samples
    }

    /// Whether the day values `old` stored in `blocks` (which a replay wrote differently while
    /// every partition stayed the same) read as the partitions give them: a wrong day is named
    /// with its first wrong column.
    static func describeValues(of old: DailyMetricsViewState, in blocks: [Int64]) throws -> String {
        let columns = MetricCatalog.columns
        let every = Array(columns.indices)
        var wrong = 0
        var first: String?
        for (index, block) in blocks.sorted().enumerated() {
            if index % 2 == 1 { old.evict() }
            let start = block * DayDirectory.daysPerBlock
            for dayNumber in start..<(start + DayDirectory.daysPerBlock) {
                let day = LocalDay(number: dayNumber)
                guard let stored = try old.fold.savedValues(on: day, reading: every) else { continue }
                let computed = try old.fold.computedValues(for: day, columns: every)
                guard let column = every.first(where: { stored[$0] != computed[$0] }) else { continue }
                wrong += 1
                first = first ?? "\(day): \(columns[column].key) stored \(stored[column].map(number) ?? "none"), its partitions give \(computed[column].map(number) ?? "none")"
            }
        }
        guard let first else { return "day values stored anew in \(blocks.count) block\(blocks.count == 1 ? "" : "s"), reading as before" }
        return "day values wrong on \(wrong) day\(wrong == 1 ? "" : "s") (first \(first)): replaced by what the partitions give"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.2f", value)
    }

    private static func signed(_ value: Double) -> String {
        (value >= 0 ? "+" : "") + String(format: abs(value) >= 10 ? "%.0f" : "%.2f", value)
    }
}

/// The projection state of daily metrics, around the fold that computes them.
public final class DailyMetricsViewState: ProjectionState {
    let fold: DailyMetricsState
    private let failures = LoadFailures()

    init(load: @escaping ([UInt8]) throws -> [UInt8]?) throws {
        let failures = failures
        fold = try DailyMetricsState(
            loadPartition: { partition in
                // The fold's loader cannot throw: keep the error and raise it after the call.
                do { return try load(DailyMetricsView.key(partition)) } catch { failures.record(error); return nil }
            },
            settings: try load(DailyMetricsView.settingsKey),
            loadDirectory: { block in
                do { return try load(DailyMetricsView.directoryKey(block)) } catch { failures.record(error); return nil }
            },
            directoriesComplete: try load(DailyMetricsView.directoriesCompleteKey) != nil,
            loadValues: { block in
                do { return try load(DailyMetricsView.valuesKey(block)) } catch { failures.record(error); return nil }
            },
            valuesComplete: try load(DailyMetricsView.valuesCompleteKey) != nil)
    }

    /// Set when the view is built from nothing: its first save marks the directories and day values complete.
    private var completeMarksPending = false

    public func startsFromNothing() {
        guard !fold.directoriesComplete else { return }
        fold.markSummariesComplete()
        completeMarksPending = true
    }

    /// The scale mood and fatigue columns are shown on: the vault's `ratings.scale`, which
    /// the reader sets (`RatingScale.current(in:)`); the stored state keeps fractions.
    public var ratingScale = RatingScale.standard

    /// The metrics of `day`; throws if its stored state could not be read.
    public func metrics(for day: LocalDay) throws -> DayMetrics {
        let metrics = try fold.metrics(for: day)
        try failures.check()
        return metrics.onRatingScale(ratingScale)
    }

    /// The metrics of `day` computed from its partitions, whatever day values are stored:
    /// what a replay compares, as the old state's values may be the ones in question.
    func computedMetrics(for day: LocalDay) throws -> DayMetrics {
        let metrics = try fold.computedMetrics(for: day)
        try failures.check()
        return metrics.onRatingScale(ratingScale)
    }

    /// The night ending on `day`, as its sleep columns count it; throws as `metrics(for:)` does.
    public func night(for day: LocalDay) throws -> SleepNight {
        let night = try fold.night(for: day)
        try failures.check()
        return night
    }

    /// The values of `columns` (indices into `MetricCatalog.columns`) on `day`, as
    /// `metrics(for:)` gives them, reading only the partitions those columns need.
    public func values(for day: LocalDay, columns: [Int]) throws -> [Double?] {
        let values = try fold.values(for: day, columns: columns)
        try failures.check()
        return zip(values, columns).map(shown)
    }

    /// The values of `column` on each of `days`, as `values(for:columns:)` gives them, its
    /// stored blocks read ahead (`readAhead`).
    public func values(of column: Int, on days: [LocalDay]) throws -> [Double?] {
        try readAhead(days: days)
        let values = try fold.values(of: column, on: days)
        try failures.check()
        return values.map { shown($0, column) }
    }

    /// A stored value of `column` as readers see it: a rating on the vault's scale.
    private func shown(_ value: Double?, _ column: Int) -> Double? {
        MetricCatalog.columns[column].isRating ? value.map { ratingScale.show(fraction: $0) } : value
    }

    /// Reads ahead, on every core, the stored values a read of columns on `days` will use:
    /// for a column over years of days, before asking `values(for:columns:)` day by day.
    public func readAhead(days: [LocalDay]) throws {
        try fold.loadValueBlocks(of: days)
        try failures.check()
    }

    public func add(_ event: Event) throws {
        try fold.add(event)
        try failures.check()
    }

    public func remove(_ event: Event) throws {
        try fold.remove(event)
        try failures.check()
    }

    public func drainChanges() -> [(key: [UInt8], value: [UInt8]?)] {
        // A replay drains the whole state at once, tens of thousands of partitions, while the
        // other cores wait: those are encoded on every core. An import's drains (5 MB of
        // resident state at 4 kB a partition, at most about 1,300) stay on this thread, as
        // the import keeps every core busy. Sharing is safe: touched partitions are all in
        // memory and only read here.
        let touched = fold.touchedPartitions.sorted()
        var changes = parallelMap(touched.count, minimumPerThread: 2_048) { index in
            (key: DailyMetricsView.key(touched[index]), value: fold.encoded(touched[index]))
        }
        // No priority history is stored as none, as a fold that never saw a setting stores it.
        if fold.settingsTouched { changes.append((DailyMetricsView.settingsKey, fold.holdsSettings ? fold.encodedSettings() : nil)) }
        if fold.directoriesComplete {
            do {
                let saved = zip(touched, changes).map { (partition: $0, present: $1.value != nil) }
                for (block, bytes) in try fold.directoryChanges(saved: saved) { changes.append((DailyMetricsView.directoryKey(block), bytes)) }
            } catch {
                // Draining cannot throw: a directory that does not decode fails the next read instead.
                failures.record(error)
            }
            if completeMarksPending {
                changes.append((DailyMetricsView.directoriesCompleteKey, [1]))
            }
        }
        if fold.valuesComplete {
            do {
                for (block, bytes) in try fold.valueChanges(touched: touched) { changes.append((DailyMetricsView.valuesKey(block), bytes)) }
            } catch {
                // As for the directories: a partition or block that does not decode fails the next read.
                failures.record(error)
            }
            if completeMarksPending {
                changes.append((DailyMetricsView.valuesCompleteKey, [1]))
            }
        }
        completeMarksPending = false
        fold.clearTouched()
        return changes
    }

    public func evict() { fold.evictDays() }

    public var residentSize: Int {
        fold.heldRecords * MemoryLayout<DayRecord>.stride + fold.touchedPartitions.count * savedPartitionCost
    }
}

/// The first error a lazy partition load hit, on whichever thread a read ahead ran it.
private final class LoadFailures: Sendable {
    private let first = Mutex<(any Error)?>(nil)

    func record(_ error: any Error) { first.withLock { if $0 == nil { $0 = error } } }

    func check() throws { if let error = first.withLock({ $0 }) { throw error } }
}
