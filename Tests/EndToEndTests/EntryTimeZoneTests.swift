import Foundation
import Testing
import TestSupport

/// An entry is local to the offset the person typed, else to the zone in force at that
/// instant: its local day, its hour and its budget day follow that offset.
@Suite struct EntryTimeZoneTests {
    static let utc = ["TZ": "UTC"]
    static let paris = ["TZ": "Europe/Paris"]

    static func startsAndOffsets(_ vault: CLIVault) throws -> [(start: String, utcOffset: Int)] {
        try vault.rawEvents().map { ($0["start"] as! String, $0["utcOffset"] as! Int) }
    }

    @Test func anOffsetTypedOnAUTCMachineIsTheEventsOffsetAndItsDay() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "7", "--at", "2026-03-11T00:30:00+01:00"], environment: Self.utc)
        try vault.ok(["eat", "toast", "--kcal", "500", "--at", "2026-03-11T00:30:00+01:00"], environment: Self.utc)
        let events = try Self.startsAndOffsets(vault)
        #expect(events.map(\.start) == ["2026-03-11T00:30:00+01:00", "2026-03-11T00:30:00+01:00"])
        #expect(events.map(\.utcOffset) == [3600, 3600])
        let byDay = try vault.ok(["query", "mood count by day", "--format", "csv"], environment: Self.utc)
        #expect(byDay.contains("2026-03-11"), "the mood is counted on its own local day: \(byDay)")
        #expect(!byDay.contains("2026-03-10"))
        let listing = try vault.ok(["query", "mood", "--format", "csv"], environment: Self.utc)
        #expect(listing.contains("2026-03-11 00:30"), "listings show the event's own clock: \(listing)")
        let budget = try vault.ok(["budget", "--date", "2026-03-11", "--json"], environment: Self.utc)
        let today = try JSONSerialization.jsonObject(with: Data(budget.utf8)) as! [String: Any]
        #expect(today["eatenToday"] as? Double == 500, "the food counts on 03-11, its local day")
    }

    @Test func aBareLocalTimeTakesTheOffsetInForceOnItsOwnDate() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "6", "--at", "2026-07-01T00:30:00+02:00"], environment: Self.paris)
        try vault.ok(["mood", "5", "--at", "2026-07-01 08:15"], environment: Self.paris)
        try vault.ok(["mood", "4", "--at", "2026-01-15T08:15"], environment: Self.paris)
        let events = try Self.startsAndOffsets(vault)
        #expect(events.map(\.start) == ["2026-07-01T00:30:00+02:00", "2026-07-01T08:15:00+02:00", "2026-01-15T08:15:00+01:00"])
        #expect(events.map(\.utcOffset) == [7200, 7200, 3600])
    }

    @Test func startStopAndJSONLKeepTheirOffsets() throws {
        let vault = try CLIVault()
        try vault.ok(["start", "Reading", "--at", "2026-03-11T00:30:00+01:00"], environment: Self.utc)
        try vault.ok(["stop", "Reading", "--at", "2026-03-11T01:10:00+01:00"], environment: Self.utc)
        let line = #"{"kind":"mood.rated","start":"2026-07-01T09:00:00","payload":{"rating":7,"scaleMax":10}}"#
        try vault.ok(["append", "--jsonl", "-"], stdin: line + "\n", environment: Self.paris)
        let events = try Self.startsAndOffsets(vault)
        #expect(events.map(\.start) == ["2026-03-11T00:30:00+01:00", "2026-03-11T01:10:00+01:00", "2026-07-01T09:00:00+02:00"])
        #expect(events.map(\.utcOffset) == [3600, 3600, 7200])
    }

    /// A date in Paris whose offset is not today's (summer when it is winter now, and the
    /// reverse), so the test shows the bug whatever day it runs on.
    static func parisDateInTheOtherSeason() -> (date: String, offset: String) {
        let paris = TimeZone(identifier: "Europe/Paris")!
        let summerNow = paris.secondsFromGMT() == 7200
        let year = Calendar(identifier: .gregorian).component(.year, from: Date())
        return summerNow ? ("\(year)-01-15", "+01:00") : ("\(year)-07-15", "+02:00")
    }

    @Test func fromAndToReadTheOffsetInForceOnTheDateTheyName() throws {
        let vault = try CLIVault()
        let (date, offset) = Self.parisDateInTheOtherSeason()
        // 00:30 local: within the hour that today's offset would move across midnight.
        try vault.ok(["mood", "6", "--at", "\(date)T00:30:00\(offset)"], environment: Self.paris)
        try vault.ok(["mood", "3", "--at", "\(date)T23:30:00\(offset)"], environment: Self.paris)
        let listed = try vault.ok(["log", "--from", date, "--to", "\(date) 23:59", "--kind", "mood", "--json"], environment: Self.paris)
        let ratings = listed.split(separator: "\n").compactMap { line in
            ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["payload"] as? [String: Any]
        }.compactMap { $0["rating"] as? Double }
        #expect(ratings == [6, 3], "both moods of \(date) and nothing else: \(listed)")
        let query = try vault.ok(["query", "mood count", "--now", "\(date) 00:45", "--format", "csv"], environment: Self.paris)
        #expect(query.contains("2"), "--now at 00:45 local sees the 00:30 mood: \(query)")
    }
}
