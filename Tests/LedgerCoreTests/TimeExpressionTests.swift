import Foundation
import PropertyBased
import Testing
import TestSupport
@testable import LedgerCore

@Suite("Time expressions")
struct TimeExpressionTests {
    /// 2026-03-01T10:00:00+01:00.
    static let now = Timestamp(micros: 1_772_355_600_000_000)
    static let amsterdam: Int32 = 3600

    @Test("fixed now is what the tests assume")
    func fixedNow() {
        #expect(Self.now.iso8601(utcOffset: Self.amsterdam) == "2026-03-01T10:00:00+01:00")
    }

    @Test("CLI forms resolve against a fixed now, shown at the local offset", arguments: [
        ("now", "2026-03-01T10:00:00+01:00"),
        ("  NOW ", "2026-03-01T10:00:00+01:00"),
        ("20m ago", "2026-03-01T09:40:00+01:00"),
        ("2h ago", "2026-03-01T08:00:00+01:00"),
        ("3d ago", "2026-02-26T10:00:00+01:00"),
        ("1h30m ago", "2026-03-01T08:30:00+01:00"),
        ("1h 30m ago", "2026-03-01T08:30:00+01:00"),
        ("90s ago", "2026-03-01T09:58:30+01:00"),
        ("2 hours ago", "2026-03-01T08:00:00+01:00"),
        ("yesterday 22:30", "2026-02-28T22:30:00+01:00"),
        ("today 08:00", "2026-03-01T08:00:00+01:00"),
        ("22:30", "2026-02-28T22:30:00+01:00"),
        ("today 22:30", "2026-03-01T22:30:00+01:00"),
        ("07:05:09", "2026-03-01T07:05:09+01:00"),
        ("yesterday", "2026-02-28T00:00:00+01:00"),
        ("today", "2026-03-01T00:00:00+01:00"),
        ("2026-03-01T07:30:00+01:00", "2026-03-01T07:30:00+01:00"),
        ("2026-03-01T06:30:00Z", "2026-03-01T07:30:00+01:00"),
        ("2026-02-14", "2026-02-14T00:00:00+01:00"),
        ("2026-03-01 07:30:00 +0100", "2026-03-01T07:30:00+01:00"),
    ])
    func resolves(text: String, expected: String) throws {
        let instant = try TimeExpression.parse(text, now: Self.now, utcOffset: Self.amsterdam)
        #expect(instant.iso8601(utcOffset: Self.amsterdam) == expected)
    }

    @Test("today and yesterday follow the local day, not the UTC day")
    func localDay() throws {
        // 00:30 in Amsterdam is still the previous day in UTC.
        let justAfterMidnight = Timestamp(micros: Self.now.micros - 9 * 3600 * 1_000_000 - 30 * 60 * 1_000_000)
        #expect(justAfterMidnight.iso8601(utcOffset: Self.amsterdam) == "2026-03-01T00:30:00+01:00")
        let today = try TimeExpression.parse("today 08:00", now: justAfterMidnight, utcOffset: Self.amsterdam)
        #expect(today.iso8601(utcOffset: Self.amsterdam) == "2026-03-01T08:00:00+01:00")
        let newYork = try TimeExpression.parse("yesterday 22:30", now: justAfterMidnight, utcOffset: -5 * 3600)
        #expect(newYork.iso8601(utcOffset: -5 * 3600) == "2026-02-27T22:30:00-05:00")
    }

    @Test("text that is no time is rejected with examples", arguments: [
        "", "soon", "tomorrow", "25:00", "22:61", "yesterday 2026-03-01", "yesterday noon", "5 parsecs ago", "ago",
        "2026-02-30", "2026-03-01T07:30:00+25:00", "22:30 extra",
    ])
    func rejects(text: String) {
        #expect {
            _ = try TimeExpression.parse(text, now: Self.now, utcOffset: Self.amsterdam)
        } throws: { error in
            guard let error = error as? TimeParseError else { return false }
            return error.text == text && error.description.contains("yesterday 22:30")
        }
    }

    /// `23:45` typed at 00:10 meant the evening just gone, not tonight, 23 h 35 min ahead.
    @Test("a clock time alone is its most recent past occurrence")
    func clockTimeIsInThePast() async {
        await propertyCheck(count: 500, input: Gen.int64(in: 0...4_102_444_800), Gen.int(in: 0...86_399), Gen.int(in: -12...14)) { second, clock, hours in
            await recordingThrownErrors {
                let now = Timestamp(micros: second * 1_000_000)
                let offset = Int32(hours * 3600)
                let text = String(format: "%02d:%02d:%02d", clock / 3600, clock / 60 % 60, clock % 60)
                let instant = try TimeExpression.parse(text, now: now, utcOffset: offset)
                #expect(instant <= now, "\(text) at \(now.iso8601(utcOffset: offset))")
                #expect(instant.micros > now.micros - 86_400_000_000, "\(text) at \(now.iso8601(utcOffset: offset))")
                #expect(String(instant.iso8601(utcOffset: offset).dropFirst(11).prefix(8)) == text)
            }
        }
    }

    @Test("a date with slashes or dots is refused with the year-first form to write", arguments: [
        ("31/12/2026", "as 2026-12-31"), ("12/31/2026", "as 2026-12-31"), ("03/04/2026", "as 2026-03-04 or 2026-04-03"),
        ("31.12.2026", "as 2026-12-31"),
    ])
    func slashedDates(text: String, suggestion: String) {
        #expect {
            _ = try TimeExpression.parse(text, now: Self.now, utcOffset: Self.amsterdam)
        } throws: { error in
            (error as? TimeParseError)?.reason.hasSuffix(suggestion) == true
        }
    }

    @Test("durations are whole seconds", arguments: [
        ("90s", Int64(90)), ("20m", 1200), ("1h30m", 5400), ("2d", 172_800), ("1w", 604_800), ("15 min", 900), ("1h 1m 1s", 3661),
        ("0m", 0), ("36H", 129_600),
    ])
    func durations(text: String, seconds: Int64) throws {
        #expect(try TimeExpression.parseDuration(text) == seconds)
    }

    @Test("malformed durations are rejected", arguments: [
        ("", "is empty"), ("20", "needs a unit after 20 (s, m, h, d or w)"), ("m", "needs a number before each unit"),
        ("5 fortnights", "has an unknown unit 'fortnights'"), ("-5m", "needs a number before each unit"),
        ("99999999999999999999d", "is too long"), ("999999999999999w", "is too long"),
    ])
    func badDurations(text: String, reason: String) {
        #expect(throws: TimeParseError(text: text, reason: reason, expected: .duration)) { try TimeExpression.parseDuration(text) }
    }
}

@Suite("Time expressions in a zone with daylight saving")
struct ZonedTimeExpressionTests {
    static let paris = LocalZone(TimeZone(identifier: "Europe/Paris")!)
    /// 2026-03-01T10:00:00+01:00, winter time.
    static let winterNow = Timestamp(micros: 1_772_355_600_000_000)

    static func shown(_ text: String) throws -> String {
        let (instant, offset) = try TimeExpression.resolve(text, now: winterNow, zone: paris)
        return instant.iso8601(utcOffset: offset)
    }

    @Test("a clock time takes the offset of its own date, not of now", arguments: [
        ("2026-07-01 00:30", "2026-07-01T00:30:00+02:00"),
        ("2026-07-01T00:30:00+02:00", "2026-07-01T00:30:00+02:00"),
        ("2026-07-01T00:30:00+05:30", "2026-07-01T00:30:00+05:30"),
        ("2026-03-11T00:30:00+01:00", "2026-03-11T00:30:00+01:00"),
        ("2026-01-15", "2026-01-15T00:00:00+01:00"),
        ("2026-03-29 02:30", "2026-03-29T03:30:00+02:00"),
        ("2026-10-25 02:30", "2026-10-25T02:30:00+02:00"),
        ("2026-10-25 03:30", "2026-10-25T03:30:00+01:00"),
        ("22:30", "2026-02-28T22:30:00+01:00"),
        ("09:30", "2026-03-01T09:30:00+01:00"),
    ])
    func localTimes(text: String, expected: String) throws {
        #expect(try Self.shown(text) == expected)
    }

    /// Any instant's wall-clock reading, read again in its zone, names a moment with that
    /// same reading and the offset the zone keeps at that moment (the first of two readings
    /// in autumn's repeated hour, so the instant itself may be an hour earlier).
    @Test("a wall-clock reading read back in its zone gives the same reading and that moment's offset")
    func readingsRoundTrip() async {
        let zones = ["Europe/Paris", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "America/Santiago", "UTC"]
        await propertyCheck(count: 500, input: Gen.int64(in: 0...4_102_444_800), Gen.element(of: zones)) { second, name in
            await recordingThrownErrors {
                let zone = LocalZone(TimeZone(identifier: name!)!)
                let instant = Timestamp(micros: second * 1_000_000)
                let reading = String(instant.iso8601(utcOffset: zone.offset(at: instant)).prefix(19))
                let (again, offset) = try TimeExpression.resolve(reading, now: Self.winterNow, zone: zone)
                #expect(String(again.iso8601(utcOffset: offset).prefix(19)) == reading, "\(name!) \(reading)")
                #expect(offset == zone.offset(at: again), "\(name!) \(reading)")
                #expect(again == instant || again.micros + 3_600_000_000 == instant.micros || again.micros + 1_800_000_000 == instant.micros,
                        "\(name!) \(reading)")
            }
        }
    }
}
