import Testing
@testable import LedgerCore

@Suite("ISO 8601")
struct ISO8601Tests {
    @Test("forms parse to the instant and the offset written", arguments: [
        ("2026-03-01T07:30:00+01:00", Int64(1_772_346_600_000_000), Int32(3600)),
        ("2026-03-01T06:30:00Z", 1_772_346_600_000_000, 0),
        ("2026-03-01T06:30:00.25Z", 1_772_346_600_250_000, 0),
        ("2026-03-01T06:30:00.123456789Z", 1_772_346_600_123_456, 0),
        ("2026-03-01 07:30:00+01:00", 1_772_346_600_000_000, 3600),
        ("2026-03-01 07:30:00 +0100", 1_772_346_600_000_000, 3600),
        ("2026-03-01T01:00:00-05:30", 1_772_346_600_000_000, -19800),
        ("2026-03-01T07:30+01", 1_772_346_600_000_000, 3600),
        ("1969-12-31T23:59:59Z", -1_000_000, 0),
        ("1900-01-01T00:00:00Z", -2_208_988_800_000_000, 0),
    ])
    func parses(text: String, micros: Int64, offset: Int32) throws {
        let (timestamp, utcOffset) = try ISO8601.parse(text, localOffset: 7200)
        #expect(timestamp.micros == micros)
        #expect(utcOffset == offset)
    }

    @Test("text without an offset is local time at the given offset")
    func localTime() throws {
        let (midnight, offset) = try ISO8601.parse("2026-03-01", localOffset: 3600)
        #expect(offset == 3600)
        #expect(midnight.iso8601(utcOffset: 0) == "2026-02-28T23:00:00Z")
        let (clock, _) = try ISO8601.parse("2026-03-01T07:30:00", localOffset: -3600)
        #expect(clock.iso8601(utcOffset: 0) == "2026-03-01T08:30:00Z")
    }

    @Test("Timestamp.iso8601 output parses back to the same instant and offset", arguments: [
        (Int64(0), Int32(0)), (1_772_346_600_123_456, 3600), (-1, 0), (951_782_400_000_000, -28800), (-62_135_596_800_000_000, 0),
        (1_709_164_800_500_000, 20700),
    ])
    func roundTrip(micros: Int64, offset: Int32) throws {
        let text = Timestamp(micros: micros).iso8601(utcOffset: offset)
        let parsed = try ISO8601.parse(text, localOffset: 0)
        #expect(parsed.timestamp.micros == micros)
        #expect(parsed.utcOffset == offset)
    }

    @Test("malformed text is rejected", arguments: [
        "2026-3-01", "2026-02-29", "2024-02-30", "2026-00-10", "2026-04-31", "2026-03-01T24:00:00Z", "2026-03-01T07:60Z",
        "2026-03-01T07:30:61Z", "2026-03-01T07:30:00+1900", "2026-03-01T07:30:00 Europe/Amsterdam", "2026-03-01T", "20260301",
        "2026-03-01T07:30:00.Z",
    ])
    func rejects(text: String) {
        #expect(throws: TimeParseError.self) { try ISO8601.parse(text, localOffset: 0) }
    }

    @Test("days() accepts real dates only")
    func days() {
        #expect(ISO8601.days("1970-01-01") == 0)
        #expect(ISO8601.days("2000-02-29") == 11_016)
        #expect(ISO8601.days("1900-02-29") == nil)
        #expect(ISO8601.days("2024-02-29 ") == nil)
    }
}
