public import LedgerCore

/// The night that ends on a day, as its sleep columns count it: every stretch in the one
/// stage it was resolved to, grouped into sleeps, with the main sleep and the naps told
/// apart by the rules of `SleepFold`.
public struct SleepNight: Sendable, Equatable {
    public struct Stretch: Sendable, Equatable {
        /// `deep`, `rem`, `core`, `asleep` (no stage given), `awake` or `in bed`.
        public let stage: String
        public let start: Timestamp
        public let end: Timestamp
        public let isAsleep: Bool

        public var hours: Double { Double(end.micros - start.micros) / Double(SleepFold.microsPerHour) }
    }

    public struct Sleep: Sendable, Equatable {
        public let isMain: Bool
        /// In time order.
        public let stretches: [Stretch]

        /// Hours asleep: for the main sleep the night's `sleep_total`, for a nap its share of `nap_time`.
        public var asleepHours: Double { stretches.filter(\.isAsleep).reduce(0) { $0 + $1.hours } }
        /// A sleep beside the main one with time asleep.
        public var isNap: Bool { !isMain && asleepHours > 0 }
    }

    public let day: LocalDay
    /// The offset the night is read at (18:00 the evening before to 18:00 on the day).
    public let utcOffset: Int32
    /// In time order; empty when nothing was recorded that night.
    public let sleeps: [Sleep]

    public var main: Sleep? { sleeps.first(where: \.isMain) }
    public var naps: [Sleep] { sleeps.filter(\.isNap) }

    /// The window's first instant: 18:00 local the evening before `day`.
    public var windowStart: Timestamp {
        Timestamp(micros: day.midnight(utcOffset: utcOffset).micros - 6 * SleepFold.microsPerHour)
    }

    init(day: LocalDay, fold: SleepFold?) {
        self.day = day
        utcOffset = fold?.utcOffset ?? 0
        sleeps = (fold?.sleeps ?? []).enumerated().map { index, parts in
            Sleep(isMain: index == fold?.mainSleep, stretches: parts.sorted { ($0.start, $0.end) < ($1.start, $1.end) }.map { part in
                Stretch(stage: Self.name(part.stage), start: Timestamp(micros: part.start), end: Timestamp(micros: part.end), isAsleep: part.stage.isAsleep)
            })
        }
    }

    static func name(_ stage: SleepStage) -> String {
        switch stage {
        case .deep: "deep"
        case .rem: "rem"
        case .core: "core"
        case .asleepUnspecified: "asleep"
        case .awake: "awake"
        case .inBed: "in bed"
        }
    }
}
