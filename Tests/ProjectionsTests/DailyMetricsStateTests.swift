import LedgerCore
import Testing
@testable import Projections

@Suite("Daily metrics state: removal, storage, determinism, priority")
struct DailyMetricsStateTests {
    let days = ["2024-03-09", "2024-03-10", "2024-03-11"].map(DailyMetricsFixture.day)

    func travelDay() -> [Event] {
        var fixture = DailyMetricsFixture()
        return fixture.travelDay()
    }

    /// Every day's partition bytes and metrics, for comparing two states.
    func snapshot(_ state: DailyMetricsState) throws -> [([[UInt8]?], DayMetrics)] {
        try days.map { day in
            (DailyMetricsState.groups.map { state.encoded(DayPartition(day: day, group: $0)) }, try state.metrics(for: day))
        }
    }

    func same(_ left: [([[UInt8]?], DayMetrics)], _ right: [([[UInt8]?], DayMetrics)]) -> Bool {
        left.count == right.count && zip(left, right).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    @Test("remove restores the exact previous metrics and bytes, also for an event in the middle")
    func removeIsInverse() throws {
        let events = travelDay()
        for removed in [events.count - 1, 0, 7, 9, 14] {
            let without = try DailyMetricsFixture.state(events.enumerated().filter { $0.offset != removed }.map(\.element))
            let state = try DailyMetricsFixture.state(events)
            try state.remove(events[removed])
            #expect(same(try snapshot(state), try snapshot(without)), "removing event \(removed)")
        }
    }

    @Test("removing a new source's only sample leaves the day's bytes as before")
    func removeNewSource() throws {
        var fixture = DailyMetricsFixture()
        let state = try DailyMetricsFixture.state(fixture.travelDay())
        let before = try snapshot(state)
        let garmin = fixture.sample("StepCount", 999, "count", "2024-03-10T14:00", "2024-03-11T14:00", source: Source(name: "Garmin"))
        try state.add(garmin)
        #expect(try state.metrics(for: days[1])["step_count"] != 2060)
        state.clearTouched()
        try state.remove(garmin)
        #expect(state.touchedDays == [days[1], days[2]])
        #expect(same(try snapshot(state), before))
    }

    @Test("partition and settings bytes round-trip byte-identically through loadPartition")
    func roundTrip() throws {
        var fixture = DailyMetricsFixture()
        let events = fixture.travelDay()
        let setting = fixture.event(SettingChanged(key: "sources.priority", value: .array([.string("iPhone")])), "2024-03-01T08:00")
        let state = try DailyMetricsFixture.state(events + [setting])
        var stored: [DayPartition: [UInt8]] = [:]
        for partition in state.touchedPartitions { stored[partition] = state.encoded(partition) }
        #expect(Set(stored.keys.map(\.day)).sorted() == days)
        #expect(stored.count > days.count, "a day's records are kept per overlap group")
        let reloaded = try DailyMetricsState(loadPartition: { stored[$0] }, settings: state.encodedSettings())
        #expect(reloaded.encodedSettings() == state.encodedSettings())
        #expect(same(try snapshot(reloaded), try snapshot(state)))
        // Adding to a loaded day continues it exactly as the in-memory state would.
        let extra = fixture.sample("StepCount", 10, "count", "2024-03-10T15:00", offset: DailyMetricsFixture.newYork)
        try reloaded.add(extra)
        try state.add(extra)
        #expect(same(try snapshot(reloaded), try snapshot(state)))
    }

    @Test("the same events in the same order give identical bytes")
    func deterministic() throws {
        let first = try DailyMetricsFixture.state(travelDay())
        let second = try DailyMetricsFixture.state(travelDay())
        #expect(same(try snapshot(first), try snapshot(second)))
        #expect(first.encodedSettings() == second.encodedSettings())
    }

    @Test("a sources.priority setting changes the winner from its own day on")
    func priority() throws {
        var fixture = DailyMetricsFixture()
        let events = fixture.travelDay()
        let state = try DailyMetricsFixture.state(events)
        let iPhoneFirst = Event(
            SettingChanged(key: "sources.priority", value: .array([.string("iPhone"), .string("Apple Watch")])),
            id: EventID(hex: "ff000000000000000000000000000001")!, start: DailyMetricsFixture.at("2024-03-10T20:00", DailyMetricsFixture.berlin),
            utcOffset: DailyMetricsFixture.berlin)
        try state.add(iPhoneFirst)
        #expect(state.settingsTouched)
        // iPhone 1000 + 300 + 60 whole; the Watch's 600 at 10:30–11:00 is covered; 200 and 400 are not.
        #expect(try state.metrics(for: days[1])["step_count"] == 1960)
        // The day before keeps the default order: only the iPhone's 60 are there anyway.
        #expect(try state.metrics(for: days[0])["step_count"] == 60)
        // iPhone's in-bed does not cover sleep stages; AutoSleep stays below the Watch.
        #expect(try state.metrics(for: days[1])["sleep_total"] == 7.25)
        try state.remove(iPhoneFirst)
        #expect(try state.metrics(for: days[1])["step_count"] == 2060)
        #expect(state.encodedSettings() == (try DailyMetricsState()).encodedSettings())

        let reset = try DailyMetricsFixture.state(events + [iPhoneFirst])
        try reset.add(Event(SettingChanged(key: "sources.priority", value: .null), id: EventID(hex: "ff000000000000000000000000000002")!,
                            start: DailyMetricsFixture.at("2024-03-11T09:00", DailyMetricsFixture.berlin), utcOffset: DailyMetricsFixture.berlin))
        // A later reset to the default does not reach back to the 10th.
        #expect(try reset.metrics(for: days[1])["step_count"] == 1960)
    }

    @Test("other settings and unused kinds change nothing")
    func ignored() throws {
        var fixture = DailyMetricsFixture()
        let state = try DailyMetricsState()
        try state.add(fixture.event(SettingChanged(key: "budget.firstWeekday", value: .string("monday")), "2024-03-10T08:00"))
        try state.add(fixture.event(ActivityDefined(name: "Reading"), "2024-03-10T08:00"))
        #expect(!state.settingsTouched)
        #expect(state.touchedDays.isEmpty)
        #expect(try state.metrics(for: days[1]).values.allSatisfy { $0 == nil })
    }
}
