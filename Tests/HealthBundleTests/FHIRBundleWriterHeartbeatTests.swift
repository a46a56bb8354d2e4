import Foundation
import LedgerCore
import PropertyBased
import Testing
@testable import HealthBundle

/// Issue 39, case 2 in the FHIR file: each beat of an HRV record is a heart rate at its own
/// instant, and the record's HRV Observation is derived from them.
@Suite struct FHIRBundleWriterHeartbeatTests {
    static let start = Timestamp(micros: 1_612_168_380_000_000)  // 2021-02-01T08:33:00Z

    static func variability(at start: Timestamp = start, utcOffset: Int32 = 3600) -> Event {
        Event(
            SampleRecorded(type: FHIRBundleWriter.variability, value: 48.5, unit: "ms"), start: start, end: start.adding(seconds: 60),
            utcOffset: utcOffset, source: FHIRBundleWriterTests.watch)
    }

    static func series(_ beats: [Heartbeat], of record: Event?, at start: Timestamp = start, utcOffset: Int32 = 3600) -> Event {
        Event(
            HeartbeatSeriesRecorded(beats: beats), start: start, end: start.adding(seconds: 60), utcOffset: utcOffset,
            source: FHIRBundleWriterTests.watch, causation: record?.id)
    }

    typealias Entry = (fullUrl: String, resource: [String: Any])

    static func beats(_ entries: [Entry]) -> [Entry] {
        entries.filter { FHIRBundleWriterTests.loinc($0.resource["code"]) == ["8867-4"] }
    }

    static func derivedFrom(_ observation: [String: Any]) -> [String] {
        (observation["derivedFrom"] as? [[String: Any]] ?? []).compactMap { $0["reference"] as? String }
    }

    static func rate(_ observation: [String: Any]) -> Double? { (observation["valueQuantity"] as? [String: Any])?["value"] as? Double }

    @Test func eachBeatIsAHeartRateAtItsInstantAndTheHRVObservationIsDerivedFromThem() throws {
        let record = Self.variability()
        let beats = [Heartbeat(offset: 1.12, bpm: 62), Heartbeat(offset: 2.05, bpm: 64), Heartbeat(offset: 2.98, bpm: 65)]
        let (entries, writer) = try FHIRBundleWriterTests.writeEntries([record, Self.series(beats, of: record)])
        let written = Self.beats(entries)
        #expect(written.map { $0.resource["effectiveDateTime"] as? String } == [
            "2021-02-01T09:33:01.12+01:00", "2021-02-01T09:33:02.05+01:00", "2021-02-01T09:33:02.98+01:00",
        ])
        #expect(written.map { Self.rate($0.resource) } == [62, 64, 65])
        for beat in written.map(\.resource) {
            #expect((beat["valueQuantity"] as? [String: Any])?["code"] as? String == "/min")
            #expect(FHIRBundleWriterTests.isVitalSign(beat))
            #expect(beat["effectivePeriod"] == nil)
        }
        let hrv = try #require(entries.first { FHIRBundleWriterTests.loinc($0.resource["code"]) == ["80404-7"] })
        #expect(hrv.resource["id"] as? String == record.id.description)
        #expect(Self.rate(hrv.resource) == 48.5)
        #expect(Self.derivedFrom(hrv.resource) == written.map(\.fullUrl))
        #expect(Set(entries.map(\.fullUrl)).count == entries.count, "every entry has its own fullUrl")
        #expect(writer.observations == 4)
        #expect(writer.counts["heartbeats"] == 3)
        #expect(writer.counts["heartbeatsWithoutRate"] == 0)
    }

    @Test func aSeriesNotRightAfterItsRecordStillHasItsBeatsAndTheRecordIsWrittenAsBefore() throws {
        let record = Self.variability()
        let alone = try FHIRBundleWriterTests.writeEntries([record]).entries
        let steps = FHIRBundleWriterTests.sample("StepCount", 20, "count")
        let (entries, writer) = try FHIRBundleWriterTests.writeEntries([
            record, steps, Self.series([Heartbeat(offset: 0.5, bpm: 70), Heartbeat(offset: 1.4, bpm: 71)], of: record),
        ])
        #expect(NSDictionary(dictionary: entries[1].resource) == NSDictionary(dictionary: alone[1].resource), "the HRV Observation, unchanged, first")
        #expect(Self.beats(entries).map { Self.rate($0.resource) } == [70, 71])
        #expect(writer.counts["heartbeats"] == 2)
    }

    @Test func beatsWithoutARateAreCountedNotWrittenAndARecordLastInTheFileIsWritten() throws {
        let record = Self.variability()
        let (entries, writer) = try FHIRBundleWriterTests.writeEntries([
            record, Self.series([Heartbeat(offset: 0.5), Heartbeat(offset: 1.4)], of: record), Self.variability(at: Self.start.adding(seconds: 3600)),
        ])
        #expect(Self.beats(entries).isEmpty)
        let records = entries.filter { FHIRBundleWriterTests.loinc($0.resource["code"]) == ["80404-7"] }
        #expect(records.count == 2)
        #expect(records.allSatisfy { $0.resource["derivedFrom"] == nil })
        #expect(writer.counts["heartbeatsWithoutRate"] == 2)
        #expect(writer.counts["heartbeats"] == 0)
    }

    /// `2021-02-01T09:33:01.12+01:00` (or `…Z` at UTC) as microseconds since the epoch, and
    /// its offset in seconds.
    static func instant(_ text: String) -> (micros: Int64, utcOffset: Int32)? {
        guard let match = text.wholeMatch(of: /(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?(?:Z|([+-])(\d\d):(\d\d))/) else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (Int(match.1), Int(match.2), Int(match.3))
        (components.hour, components.minute, components.second) = (Int(match.4), Int(match.5), Int(match.6))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let local = calendar.date(from: components) else { return nil }
        let fraction = match.7.map { Int64($0.padding(toLength: 6, withPad: "0", startingAt: 0))! } ?? 0
        let offset = match.8.map { sign in Int32((sign == "-" ? -1 : 1) * (Int(match.9!)! * 3600 + Int(match.10!)! * 60)) } ?? 0
        return (Int64(local.timeIntervalSince1970.rounded()) * 1_000_000 + fraction - Int64(offset) * 1_000_000, offset)
    }

    static let seriesInputs = zip(
        Gen.int(in: -48...56),  // the offset in quarter hours
        Gen.int(in: 0...86_400_000),  // the start, in milliseconds into a day of 2021
        Gen.int(in: 0...2_000).array(of: 1...40),  // milliseconds from one beat to the next
        Gen.int(in: 250...2_200).array(of: 40...40))  // a tenth of each beat's bpm

    @Test func everyBeatWithARateIsWrittenOnceAtTheSeriesStartPlusItsOffsetAtTheSeriesOffset() async {
        await propertyCheck(input: Self.seriesInputs) { quarters, startMillis, gaps, rates in
            let utcOffset = Int32(quarters * 900)
            let start = Timestamp(micros: 1_609_459_200_000_000 + Int64(startMillis) * 1000)
            var offset = 0
            let beats = gaps.enumerated().map { index, gap in
                offset += gap
                return Heartbeat(offset: Double(offset) / 1000, bpm: Double(rates[index]) / 10)
            }
            let record = Self.variability(at: start, utcOffset: utcOffset)
            do {
                let (entries, _) = try FHIRBundleWriterTests.writeEntries([record, Self.series(beats, of: record, at: start, utcOffset: utcOffset)])
                let written = Self.beats(entries)
                #expect(written.count == beats.count)
                for (beat, entry) in zip(beats, written) {
                    let instant = Self.instant(entry.resource["effectiveDateTime"] as? String ?? "")
                    #expect(instant?.micros == start.micros + Int64((beat.offset * 1e6).rounded()), "\(entry.resource)")
                    #expect(instant?.utcOffset == utcOffset)
                    #expect(Self.rate(entry.resource) == beat.bpm)
                }
                let hrv = entries.first { FHIRBundleWriterTests.loinc($0.resource["code"]) == ["80404-7"] }
                #expect(hrv.map { Self.derivedFrom($0.resource) } == written.map(\.fullUrl))
            } catch {
                Issue.record(error)
            }
        }
    }
}
