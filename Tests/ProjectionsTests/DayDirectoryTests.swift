import LedgerCore
import PropertyBased
import Testing
import TestSupport
@testable import Projections

/// A day read through the day directories must give what asking for every group gives, after
/// any additions, removals and saves; and it must ask the store for no partition it lacks.
@Suite("Daily metrics: day directories")
struct DayDirectoryTests {
    typealias Recording = DailyMetricsColumnsTests.Recording

    /// A saved view: partitions, settings and directories by key, as a store holds them.
    final class SavedView {
        var stored: [[UInt8]: [UInt8]] = [:]
        /// Keys asked for that the store does not hold.
        var misses = 0
        /// Day partitions read that the store holds.
        var partitionsRead = 0

        func save(_ changes: [(key: [UInt8], value: [UInt8]?)]) {
            for change in changes { stored[change.key] = change.value }
        }

        /// A reader of what is saved; `withoutDirectories` and `withoutSummaries` read it as an
        /// earlier version's view, without day directories or without day values.
        func reader(withoutDirectories: Bool = false, withoutSummaries: Bool = false) throws -> DailyMetricsViewState {
            let left = Set<UInt8>(withoutDirectories ? [0x03, 0x04] : []).union(withoutSummaries ? [0x05, 0x06] : [])
            let held = stored.filter { !left.contains($0.key[0]) }
            return try DailyMetricsView.makeState { key in
                guard let value = held[key] else {
                    if key.first == 0x01 { self.misses += 1 }
                    return nil
                }
                if key.first == 0x01 { self.partitionsRead += 1 }
                return value
            }
        }
    }

    /// Folds `recordings` into a view built from nothing, saving after each of `rounds`
    /// slices, then takes back the recordings `removed` picks (and saves again).
    static func saved(_ recordings: [Recording], rounds: Int, removed: [Bool]) throws -> SavedView {
        var fixture = DailyMetricsFixture()
        return try saved(events: recordings.map { $0.event(&fixture) }, rounds: rounds, removed: removed).view
    }

    /// Folds `events` into a view built from nothing, saving after each of `rounds` slices,
    /// then takes back the events `removed` picks and saves again; returns the writer too.
    static func saved(events: [Event], rounds: Int, removed: [Bool]) throws -> (view: SavedView, writer: DailyMetricsViewState) {
        let view = SavedView()
        let state = try DailyMetricsView.makeState { view.stored[$0] }
        state.startsFromNothing()
        let slice = max(1, (events.count + rounds - 1) / rounds)
        for start in stride(from: 0, to: events.count, by: slice) {
            for event in events[start..<min(start + slice, events.count)] { try state.add(event) }
            view.save(state.drainChanges())
            state.evict()
        }
        for (event, remove) in zip(events, removed) where remove { try state.remove(event) }
        view.save(state.drainChanges())
        return (view, state)
    }

    static let days = (-1...5).map { LocalDay(number: DailyMetricsFixture.day("2024-03-08").number + Int64($0)) }

    @Test("a day read through the directories equals one read by asking every group, and asks for nothing absent")
    func directoriesAnswerAsAskingEveryGroup() async {
        await propertyCheck(input: DailyMetricsColumnsTests.recordings, Gen.int(in: 1...4), Gen.bool().array(of: 0...40)) { recordings, rounds, removed in
            await recordingThrownErrors {
                let view = try Self.saved(recordings, rounds: rounds, removed: removed)
                #expect(view.stored[DailyMetricsView.directoriesCompleteKey] != nil, "a view built from nothing marks its directories complete")
                // Without day values, which would answer before the directories are asked.
                let guided = try view.reader(withoutSummaries: true)
                let probing = try view.reader(withoutDirectories: true, withoutSummaries: true)
                view.misses = 0
                for day in Self.days {
                    #expect(try guided.metrics(for: day).values == probing.metrics(for: day).values, "\(day)")
                    #expect(try guided.night(for: day) == probing.night(for: day), "\(day)")
                }
                let probingMisses = view.misses
                view.misses = 0
                let guidedAgain = try view.reader(withoutSummaries: true)
                for day in Self.days { _ = try guidedAgain.metrics(for: day) }
                #expect(view.misses == 0, "the directories named a partition the view does not hold")
                #expect(probingMisses > 0, "asking every group misses most of them")
            }
        }
    }

    @Test("a view an earlier version built, without directories, is read by asking every group")
    func aViewWithoutDirectoriesIsReadAsBefore() throws {
        var fixture = DailyMetricsFixture()
        let view = SavedView()
        let state = try DailyMetricsView.makeState { view.stored[$0] }
        // Not built from nothing here: as a view saved by an earlier version, it has no directories.
        try state.add(fixture.sample("StepCount", 1200, "count", "2024-03-09T10:00", "2024-03-09T10:30"))
        view.save(state.drainChanges())
        #expect(view.stored.keys.allSatisfy { $0.first != 0x03 && $0.first != 0x04 })
        let reader = try view.reader()
        let day = DailyMetricsFixture.day("2024-03-09")
        #expect(try reader.metrics(for: day).values[MetricCatalog.layout.columnIndex["step_count"]!] == 1200)
    }

    @Test("directories encode deterministically and decode to what they held")
    func directoryRoundTrip() async {
        let entries = zip(Gen.int(in: -40...40), Gen.int(in: 0...300), Gen.bool()).array(of: 0...60)
        await propertyCheck(input: entries) { entries in
            await recordingThrownErrors {
                var directory = DayDirectory()
                var expected: [Int64: Set<UInt16>] = [:]
                for (day, group, present) in entries {
                    directory.set(UInt16(group), on: LocalDay(number: Int64(day)), present: present)
                    if present { expected[Int64(day), default: []].insert(UInt16(group)) } else { expected[Int64(day)]?.remove(UInt16(group)) }
                }
                for day in -40...40 {
                    #expect(directory.groups(on: LocalDay(number: Int64(day))) == (expected[Int64(day)] ?? []).sorted())
                }
                let nothingHeld = expected.values.allSatisfy { $0.isEmpty }
                guard let bytes = directory.encoded() else {
                    #expect(nothingHeld)
                    return
                }
                let decoded = try DayDirectory(decoding: bytes)
                #expect(decoded == directory)
            }
        }
    }
}
