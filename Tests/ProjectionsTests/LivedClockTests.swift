import Foundation
import LedgerCore
import PropertyBased
import Testing
import TestSupport
@testable import Projections

/// Issue 39, case 6: Bedtime and Wake Time read each moment at the offset in force then, so
/// a night across a change of the clock shows the times the clock showed.
@Suite struct LivedClockTests {
    static let sleepType = "HKCategoryTypeIdentifierSleepAnalysis"

    /// One asleep sample lived in `zone`, stored the way the CLI stores a typed one: the
    /// offset at its start and the zone's name.
    static func night(_ zone: String, from start: Timestamp, to end: Timestamp, id: UInt8 = 1) -> Event {
        let offset = Int32(TimeZone(identifier: zone)!.secondsFromGMT(for: Date(timeIntervalSince1970: start.seconds)))
        return Event(
            CategoryRecorded(type: sleepType, value: "HKCategoryValueSleepAnalysisAsleep"),
            id: EventID(bytes: [UInt8](repeating: 0, count: 15) + [id])!, start: start, end: end, utcOffset: offset, zone: zone)
    }

    /// The clock in `zone` at `instant`: its local day and its time in decimal hours, as
    /// Foundation's calendar reads it.
    static func clock(_ zone: String, _ instant: Timestamp) -> (day: LocalDay, hours: Double) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: instant.seconds))
        let day = LocalDay(iso: String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!))!
        return (day, Double(parts.hour!) + Double(parts.minute!) / 60 + Double(parts.second!) / 3600)
    }

    static func at(_ text: String, _ zone: String) -> Timestamp {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let numbers = text.split(whereSeparator: { "-T:".contains($0) }).map { Int($0)! }
        let date = calendar.date(from: DateComponents(year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4]))!
        return Timestamp(micros: Int64(date.timeIntervalSince1970 * 1e6))
    }

    @Test("a Paris night 23:00–07:00 across either change of the clock has Bedtime 23 and Wake Time 7", arguments: [
        ("2026-03-28T23:00", "2026-03-29T07:00", "2026-03-29", 7.0),
        ("2026-10-24T23:00", "2026-10-25T07:00", "2026-10-25", 9.0),
    ])
    func aParisNightAcrossTheChange(from: String, to: String, day: String, hours: Double) throws {
        let zone = "Europe/Paris"
        let start = Self.at(from, zone), end = Self.at(to, zone)
        #expect(Double(end.micros - start.micros) / 3.6e9 == hours, "the night lasts \(hours) h by the clock's change")
        let metrics = try DailyMetricsFixture.state([Self.night(zone, from: start, to: end)]).metrics(for: LocalDay(iso: day)!)
        #expect(metrics["bedtime"] == 23)
        #expect(metrics["wake_time"] == 7)
        #expect(metrics["sleep_total"] == hours)
    }

    /// The instants the clock changes at in `zone` during `year`.
    static func changes(_ zone: String, year: Int) -> [Timestamp] {
        let timeZone = TimeZone(identifier: zone)!
        var changes: [Timestamp] = []
        var cursor = Date(timeIntervalSince1970: Double(CivilDate.toDays(year: Int64(year), month: 1, day: 1) * 86_400))
        while changes.count < 2, let next = timeZone.nextDaylightSavingTimeTransition(after: cursor) {
            changes.append(Timestamp(micros: Int64(next.timeIntervalSince1970 * 1e6)))
            cursor = next
        }
        return changes
    }

    static let zones = ["Europe/Paris", "America/New_York", "Australia/Sydney", "Asia/Jerusalem", "America/Santiago"]

    @Test func bedtimeAndWakeTimeAreTheClockAtEachEndOfANightAcrossAChange() async throws {
        await propertyCheck(
            count: 200,
            input: Gen.element(of: Self.zones), Gen.int(in: 2018...2027), Gen.int(in: 0...1), Gen.int(in: 30...360), Gen.int(in: 30...360)
        ) { zone, year, which, minutesBefore, minutesAfter in
            await recordingThrownErrors {
                let changes = Self.changes(zone!, year: year)
                guard changes.count == 2 else { return }
                let change = changes[which].micros
                let start = Timestamp(micros: change - Int64(minutesBefore) * 60_000_000)
                let end = Timestamp(micros: change + Int64(minutesAfter) * 60_000_000)
                let bedtime = Self.clock(zone!, start), wake = Self.clock(zone!, end)
                // The night belongs to the day it ends on, when it ends before 18:00.
                guard wake.hours < 18, bedtime.hours >= 18 || bedtime.day == wake.day else { return }
                let metrics = try DailyMetricsFixture.state([Self.night(zone!, from: start, to: end)]).metrics(for: wake.day)
                #expect(metrics["bedtime"].map { abs($0 - bedtime.hours) < 1e-9 } == true, "\(zone!) \(start): bedtime \(String(describing: metrics["bedtime"])) ≠ \(bedtime.hours)")
                #expect(metrics["wake_time"].map { abs($0 - wake.hours) < 1e-9 } == true, "\(zone!) \(end): wake time \(String(describing: metrics["wake_time"])) ≠ \(wake.hours)")
                #expect(metrics["sleep_total"].map { abs($0 - Double(minutesBefore + minutesAfter) / 60) < 1e-9 } == true)
            }
        }
    }
}
