import Testing
@testable import LedgerCore

@Suite("Timestamp and CivilDate")
struct TimestampTests {
    @Test("iso8601 renders instants at an offset", arguments: [
        (Int64(0), Int32(0), "1970-01-01T00:00:00Z"),
        (-1, 0, "1969-12-31T23:59:59.999999Z"),
        (-86_400_000_000, 0, "1969-12-31T00:00:00Z"),
        (1_772_346_600_000_000, 3600, "2026-03-01T07:30:00+01:00"),
        (1_772_346_600_120_000, -18000, "2026-03-01T01:30:00.12-05:00"),
        (951_782_400_000_000, 0, "2000-02-29T00:00:00Z"),
        (951_868_800_000_000, 0, "2000-03-01T00:00:00Z"),
        (-2_203_891_200_000_000, 0, "1900-03-01T00:00:00Z"),
        (0, 20700, "1970-01-01T05:45:00+05:45"),
        (0, -3601, "1969-12-31T22:59:59-01:00:01"),
        (-62_135_596_800_000_000, 0, "0001-01-01T00:00:00Z"),
    ])
    func iso8601(micros: Int64, offset: Int32, expected: String) {
        #expect(Timestamp(micros: micros).iso8601(utcOffset: offset) == expected)
    }

    @Test("an extreme offset does not crash")
    func extremeOffset() {
        #expect(Timestamp.offsetText(.min) == "-596523:14:08")
        #expect(Timestamp.offsetText(.max) == "+596523:14:07")
    }

    @Test("CivilDate converts both ways across leap years and before 1970", arguments: [
        (Int64(1970), Int64(1), Int64(1), Int64(0)), (1969, 12, 31, -1), (2000, 2, 29, 11_016), (2000, 3, 1, 11_017),
        (1900, 1, 1, -25_567), (1900, 2, 28, -25_509), (1900, 3, 1, -25_508), (2024, 2, 29, 19_782), (2100, 3, 1, 47_541), (1600, 2, 29, -135_081),
        (1, 1, 1, -719_162), (1968, 2, 29, -672),
    ])
    func civilDate(year: Int64, month: Int64, day: Int64, days: Int64) {
        #expect(CivilDate.toDays(year: year, month: month, day: day) == days)
        let back = CivilDate.fromDays(days)
        #expect(back.year == year && back.month == month && back.day == day)
    }

    @Test("every day from 1600 to 2400 round-trips and follows the previous one")
    func civilDateSweep() {
        var previous = CivilDate.fromDays(CivilDate.toDays(year: 1600, month: 1, day: 1) - 1)
        for days in CivilDate.toDays(year: 1600, month: 1, day: 1)...CivilDate.toDays(year: 2400, month: 12, day: 31) {
            let date = CivilDate.fromDays(days)
            #expect(CivilDate.toDays(year: date.year, month: date.month, day: date.day) == days)
            let expectedNext = previous.day < CivilDate.daysIn(month: previous.month, year: previous.year)
                ? (previous.year, previous.month, previous.day + 1)
                : previous.month == 12 ? (previous.year + 1, 1, 1) : (previous.year, previous.month + 1, 1)
            if (date.year, date.month, date.day) != expectedNext {
                Issue.record("day \(days) is \(date), expected \(expectedNext)")
                return
            }
            previous = date
        }
    }

    @Test("seconds and micros agree, and adding rounds to the microsecond")
    func arithmetic() {
        #expect(Timestamp(seconds: 1.5).micros == 1_500_000)
        #expect(Timestamp(seconds: -0.0000015).micros == -2)
        #expect(Timestamp(micros: 10).adding(seconds: 0.0000004).micros == 10)
        #expect(Timestamp(micros: -1_500_000).seconds == -1.5)
    }
}
