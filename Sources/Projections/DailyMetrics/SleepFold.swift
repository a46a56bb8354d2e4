import LedgerCore

/// One night's sleep from its stage samples: overlaps resolved, the main sleep told apart
/// from naps.
///
/// - Window: the day's night runs from 18:00 the evening before to 18:00 on the day, at the
///   offset of the sample that ends last; every sample is clipped to it, so no column can
///   exceed 24 h.
/// - Asleep and awake: sources in priority order; a source's stages are each the union of
///   its samples of that stage (overlaps and duplicates count once), ranked deep, REM,
///   core, unspecified asleep, awake where one source's stages overlap; each part counts
///   only where no higher-ranked stage or source already has the time. So a stretch is
///   asleep or awake, never both, and in one stage only.
/// - In bed: the union of every source's in-bed samples.
/// - Clock: Bedtime and Wake Time read each moment at the offset in force then, as the
///   samples that begin or end at it say, so a night across a change of the clock shows
///   the times the clock showed; the window uses the offset of the sample that ends last.
/// - Main sleep: the parts joined into clusters across gaps shorter than an hour; the main
///   sleep is the cluster with the most time asleep (ties: the longer span, then the
///   earlier). Every other cluster with time asleep is a nap.
struct SleepFold {
    struct Sample {
        let stage: SleepStage
        /// Source rank, 0 the highest priority.
        let rank: Int
        let start: Int64
        let end: Int64
        /// The offsets where the sample was lived at its start and at its end.
        let utcOffset: Int32
        let endUTCOffset: Int32
    }

    /// Microseconds of each stage in the main sleep.
    private var micros: [SleepStage: Int64] = [:]
    /// The stages the day has samples of, in or out of the main sleep.
    private(set) var stages: Set<SleepStage> = []
    /// Local clock hours (0 ≤ h < 24): the main sleep's first start and its last asleep end.
    private(set) var bedtime: Double?
    private(set) var wakeTime: Double?
    private(set) var napCount = 0
    private var napMicros: Int64 = 0
    /// The night's sleeps in time order, each its resolved parts, and which one is the main sleep.
    private(set) var sleeps: [[Part]] = []
    private(set) var mainSleep: Int?
    /// The offset the night's window is read at (that of the sample that ends last).
    private(set) var utcOffset: Int32 = 0
    var napHours: Double { Double(napMicros) / Double(Self.microsPerHour) }

    /// Hours of `stage` in the main sleep.
    func hours(_ stage: SleepStage) -> Double { Double(micros[stage] ?? 0) / Double(Self.microsPerHour) }

    static let microsPerHour: Int64 = 3_600_000_000
    /// Parts closer than this belong to one sleep.
    static let clusterGap: Int64 = microsPerHour
    /// The stages that may claim time from the asleep/awake timeline, highest first.
    static let precedence: [SleepStage] = [.deep, .rem, .core, .asleepUnspecified, .awake]

    struct Part {
        let stage: SleepStage
        let start: Int64
        let end: Int64
    }

    init(day: LocalDay, samples: [Sample]) {
        guard let last = samples.max(by: { ($0.end, $0.start, $0.utcOffset) < ($1.end, $1.start, $1.utcOffset) }) else { return }
        let offset = last.utcOffset
        utcOffset = offset
        let windowStart = day.midnight(utcOffset: offset).micros - 6 * Self.microsPerHour
        let windowEnd = windowStart + 24 * Self.microsPerHour
        stages = Set(samples.map(\.stage))
        let clipped = samples.compactMap { sample -> Sample? in
            let start = max(sample.start, windowStart), end = min(sample.end, windowEnd)
            return start < end ? Sample(stage: sample.stage, rank: sample.rank, start: start, end: end, utcOffset: sample.utcOffset, endUTCOffset: sample.endUTCOffset) : nil
        }
        let parts = Self.resolve(clipped)
        let clusters = Self.clusters(parts)
        guard let main = clusters.indices.max(by: { Self.measure(clusters[$0]) < Self.measure(clusters[$1]) }) else { return }
        (sleeps, mainSleep) = (clusters, main)
        for (index, cluster) in clusters.enumerated() where index != main {
            let asleep = cluster.reduce(0) { $0 + ($1.stage.isAsleep ? $1.end - $1.start : 0) }
            if asleep > 0 {
                napCount += 1
                napMicros += asleep
            }
        }
        for part in clusters[main] { micros[part.stage, default: 0] += part.end - part.start }
        let offsets = Self.offsets(samples)
        let clock = { (instant: Int64) in DayState.clockHours((instant, offsets[instant] ?? offset)) }
        bedtime = clusters[main].map(\.start).min().map(clock)
        wakeTime = clusters[main].filter(\.stage.isAsleep).map(\.end).max().map(clock)
    }

    /// The offset at each sample's start and end; where samples disagree at one instant (a
    /// source without a zone beside one with it), the one that ends later, as for the window.
    private static func offsets(_ samples: [Sample]) -> [Int64: Int32] {
        var offsets: [Int64: Int32] = [:]
        for sample in samples.sorted(by: { ($0.end, $0.start, $0.utcOffset) < ($1.end, $1.start, $1.utcOffset) }) {
            offsets[sample.start] = sample.utcOffset
            offsets[sample.end] = sample.endUTCOffset
        }
        return offsets
    }

    /// Disjoint asleep/awake parts by priority and precedence, plus the in-bed union.
    private static func resolve(_ samples: [Sample]) -> [Part] {
        var parts: [Part] = []
        var taken = CoverageUnion()
        for rank in Set(samples.map(\.rank)).sorted() {
            for stage in precedence {
                let merged = union(samples.filter { $0.rank == rank && $0.stage == stage })
                for interval in merged {
                    for piece in taken.uncovered(interval.start, interval.end) { parts.append(Part(stage: stage, start: piece.start, end: piece.end)) }
                }
                for interval in merged { taken.insert(interval.start, interval.end) }
            }
        }
        for interval in union(samples.filter { $0.stage == .inBed }) { parts.append(Part(stage: .inBed, start: interval.start, end: interval.end)) }
        return parts
    }

    /// Sorted, merged intervals of `samples` (touching intervals merge).
    private static func union(_ samples: [Sample]) -> [(start: Int64, end: Int64)] {
        var merged: [(start: Int64, end: Int64)] = []
        for sample in samples.sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) {
            if let last = merged.last, sample.start <= last.end {
                merged[merged.count - 1].end = max(last.end, sample.end)
            } else {
                merged.append((sample.start, sample.end))
            }
        }
        return merged
    }

    /// Parts grouped into sleeps: sorted by start, a part joins the previous sleep when it
    /// begins less than `clusterGap` after that sleep's end.
    private static func clusters(_ parts: [Part]) -> [[Part]] {
        var clusters: [[Part]] = []
        var end: Int64 = 0
        for part in parts.sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) {
            if !clusters.isEmpty, part.start - end < clusterGap {
                clusters[clusters.count - 1].append(part)
                end = max(end, part.end)
            } else {
                clusters.append([part])
                end = part.end
            }
        }
        return clusters
    }

    /// Time asleep, then span, then the earlier start: the larger is the main sleep.
    private static func measure(_ cluster: [Part]) -> (Int64, Int64, Int64) {
        let asleep = cluster.reduce(0) { $0 + ($1.stage.isAsleep ? $1.end - $1.start : 0) }
        guard let start = cluster.map(\.start).min(), let end = cluster.map(\.end).max() else { return (asleep, 0, 0) }
        return (asleep, end - start, -start)
    }
}
