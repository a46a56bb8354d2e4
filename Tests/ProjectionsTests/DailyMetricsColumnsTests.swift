import LedgerCore
import PropertyBased
import Testing
import TestSupport
@testable import Projections

/// `values(for:columns:)` reads only the partitions of the columns asked for (the dashboard's
/// metrics explorer); it must give exactly what `metrics(for:)` gives those columns.
@Suite("Daily metrics: a few columns computed alone")
struct DailyMetricsColumnsTests {
    /// One generated event: what it records, from which source, when and for how long (minutes).
    struct Recording: CustomStringConvertible {
        let kind: Int
        let source: Int
        let start: Int
        let length: Int
        let value: Int

        static let sources = [Source(name: "Apple Watch"), Source(name: "iPhone"), Source(name: "Garmin")]
        static let sleepStages = ["InBed", "AsleepCore", "AsleepDeep", "AsleepREM", "Awake", "Asleep"]
        static let kinds = 14

        var description: String { "kind \(kind) source \(source) start \(start) length \(length) value \(value)" }

        func event(_ fixture: inout DailyMetricsFixture) -> Event {
            let minute = DailyMetricsFixture.at("2024-03-09T00:00", DailyMetricsFixture.berlin).micros + Int64(start) * 60_000_000
            let from = Self.text(minute), to = Self.text(minute + Int64(length) * 60_000_000)
            let source = Self.sources[source]
            switch kind {
            case 0: return fixture.sample("StepCount", Double(value), "count", from, to, source: source)
            case 1: return fixture.sample("ActiveEnergyBurned", Double(value) / 10, "kcal", from, to, source: source)
            case 2: return fixture.sample("DistanceWalkingRunning", Double(value) / 1000, "km", from, to, source: source)
            case 3: return fixture.sample("HeartRate", Double(40 + value % 140), "count/min", from, source: source)
            case 4: return fixture.sample("BodyMass", Double(50 + value % 60), "kg", from, source: source)
            case 5: return fixture.event(MoodRated(rating: Double(1 + value % 10), scaleMin: 1, scaleMax: 10), from, source: source)
            case 6: return fixture.event(FoodLogged(name: "Meal", kcal: Double(value), protein: Double(value % 40)), from, source: source)
            default: return fixture.sleep(Self.sleepStages[(kind - 7) % Self.sleepStages.count], from, to, source: source)
            }
        }

        /// Local Berlin time `2024-03-10T10:00` of an instant.
        private static func text(_ micros: Int64) -> String {
            let local = micros / 1_000_000 + Int64(DailyMetricsFixture.berlin)
            let day = LocalDay(number: local / 86_400 - (local % 86_400 < 0 ? 1 : 0))
            let seconds = local - day.number * 86_400
            return "\(day)T" + [seconds / 3600, seconds % 3600 / 60].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
        }
    }

    static let recordings = zip(Gen.int(in: 0...(Recording.kinds - 1)), Gen.int(in: 0...2), Gen.int(in: 0...(3 * 1440)),
                                Gen.int(in: 0...(10 * 60)), Gen.int(in: 1...5000))
        .map { Recording(kind: $0.0, source: $0.1, start: $0.2, length: $0.3, value: $0.4) }
        .array(of: 1...40)
    /// Any columns of the catalog, most of which these events leave empty; `fedColumns` adds ones they fill.
    static let columnChoices = Gen.int(in: 0...(MetricCatalog.columns.count - 1)).array(of: 1...6)
    static let fedColumns = ["step_count", "active_energy", "walking_running_distance", "heart_rate_avg", "heart_rate_max", "body_mass", "mood_avg",
                             "mood_max", "dietary_energy", "sleep_total", "sleep_in_bed", "sleep_deep", "bedtime", "wake_time", "naps"]
    static let days = (0...4).map { LocalDay(number: DailyMetricsFixture.day("2024-03-08").number + Int64($0)) }

    /// The stored view the dashboard reads: every partition the fold wrote, read back lazily.
    static func storedView(_ recordings: [Recording], scale: RatingScale) throws -> DailyMetricsViewState {
        var fixture = DailyMetricsFixture()
        let fold = try DailyMetricsFixture.state(recordings.map { $0.event(&fixture) })
        var stored: [[UInt8]: [UInt8]] = [:]
        for partition in fold.touchedPartitions { stored[DailyMetricsView.key(partition)] = fold.encoded(partition) }
        let view = try DailyMetricsViewState { stored[$0] }
        view.ratingScale = scale
        return view
    }

    @Test("the columns asked for equal the same columns of the whole day, on any events")
    func narrowedEqualsFull() async {
        await propertyCheck(input: Self.recordings, Self.columnChoices, Gen.int(in: 0...(Self.fedColumns.count - 1)).array(of: 0...4)) { recordings, picked, fed in
            await recordingThrownErrors {
                let columns = picked + fed.map { MetricCatalog.layout.columnIndex[Self.fedColumns[$0]]! }
                // Separate views: the narrowed one must load what it needs itself.
                let narrowed = try Self.storedView(recordings, scale: RatingScale("0-100")!)
                let whole = try Self.storedView(recordings, scale: RatingScale("0-100")!)
                for day in Self.days {
                    let full = try whole.metrics(for: day)
                    let alone = try narrowed.values(for: day, columns: columns)
                    #expect(alone.count == columns.count)
                    for (value, column) in zip(alone, columns) {
                        #expect(value == full.values[column], "\(day) \(MetricCatalog.columns[column].key)")
                    }
                }
            }
        }
    }

    @Test("a sleep column reads every sleep stage's group, a step column only its own")
    func groupsOfColumns() throws {
        let fold = try DailyMetricsState()
        let index = { MetricCatalog.layout.columnIndex[$0]! }
        let sleepGroups = Set(MetricCatalog.layout.series.filter { $0.kind == .night }.map { UInt16($0.group) })
        #expect(sleepGroups.count > 1, "in-bed, awake and asleep stages overlap apart")
        #expect(Set(fold.groups(reading: [index("bedtime")])) == sleepGroups)
        // Deep sleep's own series is one asleep stage, yet its night is folded from in-bed and awake too.
        #expect(Set(fold.groups(reading: [index("sleep_deep")])) == sleepGroups)
        #expect(fold.groups(reading: [index("step_count")]).count == 1)
        #expect(fold.groups(reading: [index("step_count"), index("step_count")]) == fold.groups(reading: [index("step_count")]))
    }
}
