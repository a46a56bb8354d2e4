import LedgerCore
import PropertyBased
import Synchronization
import Testing
import TestSupport
@testable import Projections

/// A column read over years reads its blocks of day values ahead, on every core: the values
/// must be the ones a day-by-day read gives, each block read once, and a block that fails
/// must fail the read as it would one day at a time.
@Suite("Daily metrics: day values read ahead")
struct DayValuesReadAheadTests {
    /// Stored partitions, and how often each block of day values was asked for, from any thread.
    final class CountingStore: Sendable {
        let stored: [[UInt8]: [UInt8]]
        let failing: [UInt8]?
        private let valueLoads = Mutex<[Int64: Int]>([:])

        init(_ stored: [[UInt8]: [UInt8]], failing: [UInt8]? = nil) {
            self.stored = stored
            self.failing = failing
        }

        var loads: [Int64: Int] { valueLoads.withLock { $0 } }

        func reader() throws -> DailyMetricsViewState {
            try DailyMetricsView.makeState { key in
                if let block = DailyMetricsView.valuesBlock(key) { self.valueLoads.withLock { $0[block, default: 0] += 1 } }
                if key == self.failing { throw StoreFailure() }
                return self.stored[key]
            }
        }
    }

    struct StoreFailure: Error, Equatable {}

    static let firstDay = DailyMetricsFixture.day("2012-01-01")
    /// Long enough for many blocks, so the read ahead runs on more than one thread.
    static let span = 0...Int64(4_000)

    /// Step counts on the days `offsets` name, saved in `rounds` slices into a view built from nothing.
    static func view(stepsOn offsets: [Int64], rounds: Int) throws -> [[UInt8]: [UInt8]] {
        var events: [Event] = []
        for (index, offset) in offsets.enumerated() {
            let day = LocalDay(number: firstDay.number + offset)
            let id = EventID(bytes: [UInt8](repeating: 7, count: 8) + withUnsafeBytes(of: UInt64(index).bigEndian, Array.init))!
            events.append(Event(SampleRecorded(type: "HKQuantityTypeIdentifierStepCount", value: Double(100 + index), unit: "count"), id: id,
                                start: DailyMetricsFixture.at("\(day)T10:00", DailyMetricsFixture.berlin),
                                end: DailyMetricsFixture.at("\(day)T10:30", DailyMetricsFixture.berlin),
                                utcOffset: DailyMetricsFixture.berlin, source: DailyMetricsFixture.watch))
        }
        let (view, _) = try DayDirectoryTests.saved(events: events, rounds: rounds, removed: [])
        return view.stored
    }

    static var days: [LocalDay] { span.map { LocalDay(number: firstDay.number + $0) } }

    @Test("a column read after reading ahead equals the day-by-day read, and each block is read once")
    func readingAheadAnswersAsDayByDay() async {
        await propertyCheck(input: Gen.int(in: 0...4_000).array(of: 1...60), Gen.int(in: 1...3)) { offsets, rounds in
            await recordingThrownErrors {
                let column = try #require(MetricCatalog.columnIndex(of: "step_count"))
                let stored = try Self.view(stepsOn: offsets.map(Int64.init), rounds: rounds)
                let dayByDay = CountingStore(stored), ahead = CountingStore(stored)
                let slow = try dayByDay.reader(), fast = try ahead.reader()
                try fast.readAhead(days: Self.days)
                let loadedAhead = ahead.loads
                let blocks = Set(Self.days.map(DayDirectory.block(of:)))
                #expect(Set(loadedAhead.keys) == blocks && loadedAhead.values.allSatisfy { $0 == 1 }, "each block of the days read ahead once")
                for day in Self.days {
                    #expect(try fast.values(for: day, columns: [column]) == slow.values(for: day, columns: [column]), "\(day)")
                }
                #expect(try fast.values(of: column, on: Self.days) == Self.days.map { try slow.values(for: $0, columns: [column])[0] })
                #expect(ahead.loads == loadedAhead, "a day read after reading ahead reads no block again")
                #expect(dayByDay.loads == loadedAhead, "reading ahead reads the blocks a day-by-day read does")
            }
        }
    }

    @Test("a block that does not decode, or whose read fails, fails the read ahead as it fails a day's read")
    func aFailingBlockFailsTheReadAhead() throws {
        let stored = try Self.view(stepsOn: Array(stride(from: 0, through: 4_000, by: 37)), rounds: 1)
        let column = try #require(MetricCatalog.columnIndex(of: "step_count"))
        let damagedDay = LocalDay(number: Self.firstDay.number + 37 * 60)
        let damagedKey = DailyMetricsView.valuesKey(DayDirectory.block(of: damagedDay))
        #expect(stored[damagedKey] != nil)

        var garbled = stored
        garbled[damagedKey] = [DayValues.formatVersion, 0xFF]
        #expect(throws: DecodingError.self) { try CountingStore(garbled).reader().readAhead(days: Self.days) }
        #expect(throws: DecodingError.self) { try CountingStore(garbled).reader().values(for: damagedDay, columns: [column]) }

        #expect(throws: StoreFailure()) { try CountingStore(stored, failing: damagedKey).reader().readAhead(days: Self.days) }
        #expect(throws: StoreFailure()) { try CountingStore(stored, failing: damagedKey).reader().values(for: damagedDay, columns: [column]) }
    }
}
