import LedgerCore
import PropertyBased
import Testing
import TestSupport
@testable import Projections

/// A day's values read through the stored day values must be what its partitions give under
/// the source priority in force, after any additions, removals, priority changes and saves;
/// and unsaved partitions win over what was saved.
@Suite("Daily metrics: day values")
struct DayValuesTests {
    typealias Recording = DailyMetricsColumnsTests.Recording
    typealias SavedView = DayDirectoryTests.SavedView

    /// A `sources.priority` setting on one of the test's days.
    struct PriorityChange: CustomStringConvertible {
        let day: Int
        let list: Int
        /// Where among the recordings it is folded.
        let position: Int

        static let lists: [DocValue] = [.null, .array([.string("iPhone")]), .array([.string("Garmin"), .string("iPhone")]), .array([.string("Apple Watch")])]

        var description: String { "day \(day) list \(list) at \(position)" }

        func event(_ fixture: inout DailyMetricsFixture) -> Event {
            let date = "2024-03-" + String(8 + day).leftPadded(to: 2)
            return fixture.event(SettingChanged(key: SourcePriority.settingKey, value: Self.lists[list]), date + "T08:00")
        }
    }

    static let priorityChanges = zip(Gen.int(in: 0...4), Gen.int(in: 0...3), Gen.int(in: 0...40))
        .map { PriorityChange(day: $0.0, list: $0.1, position: $0.2) }
        .array(of: 0...3)

    static let everyColumn = Array(MetricCatalog.columns.indices)

    /// The recordings' events with the priority changes among them, in the order folded.
    static func events(_ recordings: [Recording], _ changes: [PriorityChange]) -> [Event] {
        var fixture = DailyMetricsFixture()
        var events = recordings.map { $0.event(&fixture) }
        for change in changes { events.insert(change.event(&fixture), at: min(change.position, events.count)) }
        return events
    }

    /// Folds `events` into a view built from nothing, saving after each of `rounds` slices,
    /// then takes back the events `removed` picks and saves again; returns the writer too.
    static func saved(_ events: [Event], rounds: Int, removed: [Bool]) throws -> (view: SavedView, writer: DailyMetricsViewState) {
        try DayDirectoryTests.saved(events: events, rounds: rounds, removed: removed)
    }

    @Test("a day read through its stored values equals the day computed from its partitions")
    func storedValuesAnswerAsThePartitions() async {
        await propertyCheck(input: DailyMetricsColumnsTests.recordings, Self.priorityChanges, Gen.int(in: 1...4), Gen.bool().array(of: 0...44)) { recordings, changes, rounds, removed in
            await recordingThrownErrors {
                let (view, _) = try Self.saved(Self.events(recordings, changes), rounds: rounds, removed: removed)
                #expect(view.stored[DailyMetricsView.valuesCompleteKey] != nil, "a view built from nothing marks its day values complete")
                let summarised = try view.reader()
                let computed = try view.reader(withoutSummaries: true)
                for day in DayDirectoryTests.days {
                    #expect(try summarised.values(for: day, columns: Self.everyColumn) == computed.metrics(for: day).values, "\(day)")
                    #expect(try summarised.metrics(for: day).values == computed.metrics(for: day).values, "\(day)")
                    for column in DailyMetricsColumnsTests.fedColumns.compactMap(MetricCatalog.columnIndex(of:)) {
                        #expect(try summarised.values(for: day, columns: [column]) == computed.values(for: day, columns: [column]), "\(day) \(MetricCatalog.columns[column].key)")
                    }
                }
            }
        }
    }

    @Test("without priority changes, a day's columns are read from its block's values and no partition")
    func storedValuesOpenNoPartition() async {
        await propertyCheck(input: DailyMetricsColumnsTests.recordings, Gen.int(in: 1...4)) { recordings, rounds in
            await recordingThrownErrors {
                let (view, _) = try Self.saved(Self.events(recordings, []), rounds: rounds, removed: [])
                view.partitionsRead = 0
                let reader = try view.reader()
                for day in DayDirectoryTests.days {
                    _ = try reader.values(for: day, columns: Self.everyColumn)
                    _ = try reader.metrics(for: day)
                }
                #expect(view.partitionsRead == 0, "a day with stored values read its partitions")
            }
        }
    }

    @Test("partitions changed and not yet saved win over the stored values")
    func unsavedChangesWin() async {
        await propertyCheck(input: DailyMetricsColumnsTests.recordings, DailyMetricsColumnsTests.recordings, Self.priorityChanges) { saved, unsaved, changes in
            await recordingThrownErrors {
                let (_, writer) = try Self.saved(Self.events(saved, []), rounds: 1, removed: [])
                for event in Self.events(unsaved, changes) { try writer.add(event) }
                for day in DayDirectoryTests.days {
                    let fromPartitions = try writer.computedMetrics(for: day).values
                    #expect(try writer.values(for: day, columns: Self.everyColumn) == fromPartitions, "\(day)")
                    #expect(try writer.metrics(for: day).values == fromPartitions, "\(day)")
                }
            }
        }
    }

    @Test("day values encode deterministically and decode to what they held")
    func valuesRoundTrip() async {
        let rows = zip(Gen.int(in: -40...40), Gen.int(in: 0...3), Gen.int(in: 0...2000).array(of: 0...8)).array(of: 0...20)
        let columnCount = MetricCatalog.columns.count
        await propertyCheck(input: rows) { rows in
            await recordingThrownErrors {
                var values = DayValues()
                for (day, list, held) in rows {
                    var row = [Double?](repeating: nil, count: columnCount)
                    for value in held { row[value % columnCount] = Double(value) / 7 }
                    let priority: [String]? = list == 0 ? nil : Array(["iPhone", "Garmin", "Apple Watch"].prefix(list))
                    values.set(DayValues.Row(priority: priority, values: row), on: LocalDay(number: Int64(day)))
                }
                guard let bytes = values.encoded() else {
                    #expect(rows.isEmpty)
                    return
                }
                let decoded = try DayValues(decoding: bytes, columnCount: columnCount)
                #expect(decoded == values)
                #expect(decoded.encoded() == bytes)
            }
        }
    }

    @Test("a row keeps only the columns with a value and answers each column as the full row does")
    func rowsAnswerAsTheFullRow() async {
        let columnCount = MetricCatalog.columns.count
        let rows = Gen.int(in: 0...(columnCount * 3)).array(of: 0...40)
        await propertyCheck(input: rows, rows) { first, second in
            func full(_ held: [Int]) -> [Double?] {
                var row = [Double?](repeating: nil, count: columnCount)
                for value in held { row[value % columnCount] = Double(value) / 3 }
                return row
            }
            var row = DayValues.Row(priority: nil, values: full(first))
            #expect(row.values == full(first))
            #expect((0..<columnCount).map(row.value) == full(first))
            #expect(row.held.count == full(first).compactMap { $0 }.count)
            row.values = full(second)
            #expect((0..<columnCount).map(row.value) == full(second))
            #expect(row == DayValues.Row(priority: nil, values: full(second)))
        }
    }

    @Test("replay's comparison names a stored day value its partitions do not give")
    func replayNamesAWrongValue() throws {
        var fixture = DailyMetricsFixture()
        let events = [fixture.sample("StepCount", 1200, "count", "2024-03-09T10:00", "2024-03-09T10:30")]
        let (view, _) = try Self.saved(events, rounds: 1, removed: [])
        let day = DailyMetricsFixture.day("2024-03-09")
        let block = DayDirectory.block(of: day)
        let key = DailyMetricsView.valuesKey(block)
        let column = try #require(MetricCatalog.columnIndex(of: "step_count"))
        let good = try view.reader()
        #expect(try DailyMetricsView.describeChanges(from: good, to: good, keys: [key]) == ["day values stored anew in 1 block, reading as before"])

        var wrong = try DayValues(decoding: try #require(view.stored[key]), columnCount: MetricCatalog.columns.count)
        var row = try #require(wrong.row(on: day))
        row.values[column] = 9999
        wrong.set(row, on: day)
        view.stored[key] = wrong.encoded()
        let damaged = try view.reader()
        #expect(try damaged.values(for: day, columns: [column]) == [9999], "the reader answers from the stored values")
        #expect(try DailyMetricsView.describeChanges(from: damaged, to: good, keys: [key])
            == ["day values wrong on 1 day (first 2024-03-09: step_count stored 9999, its partitions give 1200): replaced by what the partitions give"])
    }

    @Test("a view an earlier build saved, without day values, is computed from its partitions")
    func aViewWithoutValuesIsComputed() throws {
        var fixture = DailyMetricsFixture()
        let view = SavedView()
        let state = try DailyMetricsView.makeState { view.stored[$0] }
        try state.add(fixture.sample("StepCount", 1200, "count", "2024-03-09T10:00", "2024-03-09T10:30"))
        view.save(state.drainChanges())
        #expect(view.stored.keys.allSatisfy { $0.first != 0x05 && $0.first != 0x06 })
        let column = try #require(MetricCatalog.columnIndex(of: "step_count"))
        #expect(try view.reader().values(for: DailyMetricsFixture.day("2024-03-09"), columns: [column]) == [1200])
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
