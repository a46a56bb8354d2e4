import Foundation
import LedgerCore
import LedgerStore
import Projections
import Testing
import TestSupport
@testable import HealthBundle

@Suite struct BundleContentTests {
    /// Every file of an exported bundle by path.
    static func files(_ bytes: [UInt8]) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        _ = try BundleReader().read(MemoryStream(bytes)) { path in
            .init(consume: { files[path, default: []].append(contentsOf: $0) })
        }
        return files
    }

    @Test func theReportStatesThePeriodAndTheKeyFiguresAndRendersAsAPage() throws {
        let report = try ReportReadingTests.read(BundleFixture.events())
        let text = report.text
        #expect(text.contains("Period: 2026-03-01 to 2026-03-14 (14 days)"))
        #expect(text.contains("8,650 per day"), "steps 8,000 + 100 × day over 14 days")
        #expect(text.contains("59 bpm"))
        #expect(text.contains("80.0 kg to 78.7 kg"))
        #expect(text.contains("7.0 on 1-10"))
        #expect(text.contains("Metformin"))
        #expect(text.contains("50%"), "one dose a day of a twice-daily medication")
        #expect(text.contains("headache"))
        #expect(text.contains("severe"))
        #expect(report.rendered >= 2, "pdftoppm renders every page")
    }

    /// The report's medication and symptom tables read the log as it reads now, like its
    /// daily figures: a retracted dose is not counted, a corrected severity is the new one.
    @Test func theReportCountsDosesAndSymptomsAsCorrectedAndRetracted() throws {
        let events = BundleFixture.events()
        let doses = events.filter { $0.kind == .doseTaken }.prefix(7)
        let severeHeadache = try #require(events.last { $0.kind == .symptomReported })
        let amendments = doses.map { Event(EventRetracted(target: $0.id, reason: "entered twice"), start: BundleFixture.time(13, minutes: 300), utcOffset: BundleFixture.offset) } + [
            Event(EventCorrected(target: severeHeadache.id, replacement: SymptomReported(name: "headache", severity: .mild)),
                  start: BundleFixture.time(13, minutes: 300), utcOffset: BundleFixture.offset),
        ]
        let text = try ReportReadingTests.read(events + amendments).text
        let metformin = try #require(text.split(separator: "\n").first { $0.contains("Metformin") && $0.contains("%") })
        #expect(metformin.contains("25%"), "7 doses left of the 28 a twice-daily schedule asks for: \(metformin)")
        #expect(metformin.contains("7 of 14"), "\(metformin)")
        let headache = try #require(text.split(separator: "\n").first { $0.contains("headache") && $0.contains("2026-") })
        #expect(headache.contains("moderate") && !headache.contains("severe"), "the worst is now day 2's moderate: \(headache)")
    }

    @Test func theFHIRBundleCodesObservationsWithLOINCAndUCUM() throws {
        let json = try #require(try Self.files(BundleFixture().export().bytes)["fhir/bundle.json"])
        let bundle = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        #expect(bundle["resourceType"] as? String == "Bundle")
        let all = (bundle["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
        #expect(all.first?["resourceType"] as? String == "Patient", "the person the Observations are of")
        let resources = all.filter { $0["resourceType"] as? String == "Observation" }
        #expect(resources.count == 3 * BundleFixture.days, "steps, resting heart rate and weight; moods and doses are not quantities")
        let steps = try #require(resources.first { ($0["valueQuantity"] as? [String: Any])?["code"] as? String == "{steps}" })
        #expect((steps["valueQuantity"] as? [String: Any])?["value"] as? Double == 8_000)
        let restingRate = try #require(resources.first { resource in
            ((resource["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.contains { $0["code"] as? String == "40443-4" } == true
        })
        let quantity = try #require(restingRate["valueQuantity"] as? [String: Any])
        #expect(quantity["system"] as? String == "http://unitsofmeasure.org")
        #expect(quantity["code"] as? String == "/min")
        let weight = try #require(resources.first { ($0["valueQuantity"] as? [String: Any])?["code"] as? String == "kg" })
        #expect((weight["valueQuantity"] as? [String: Any])?["value"] as? Double == 80.0)
    }

    @Test func eventsLineUpWithTheLedgerAndKeepTheirIds() throws {
        let fixture = try BundleFixture()
        let jsonl = try #require(try Self.files(fixture.export().bytes)["events.jsonl"])
        let ids = String(decoding: jsonl, as: UTF8.self).split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
        }
        #expect(ids == (try fixture.ledger.allEvents().map { $0.event.id.description }))
    }

    /// A range of days short enough for the day index is read once for both files, the FHIR
    /// file written on another thread; the same events read from the whole log (a range too
    /// long for the index) must give the same files. Thousands of readings, blood pressure
    /// both as correlations and as loose halves, and HRV records each followed by its beats
    /// (the Observation waits for them) cross every batch and chunk boundary.
    @Test func aRangeReadThroughTheDayIndexWritesWhatTheWholeLogPassWrites() throws {
        let fixture = try BundleFixture()
        var readings: [Event] = []
        for minute in 0..<5_000 {
            readings.append(BundleFixture.sample("HeartRate", Double(55 + minute % 60), "count/min", day: minute % BundleFixture.days, minutes: minute / 14))
            if minute % 97 == 0 {
                readings.append(Event(
                    CorrelationRecorded(type: "HKCorrelationTypeIdentifierBloodPressure", samples: [
                        CorrelatedSample(type: "HKQuantityTypeIdentifierBloodPressureSystolic", value: Double(110 + minute % 20), unit: "mmHg"),
                        CorrelatedSample(type: "HKQuantityTypeIdentifierBloodPressureDiastolic", value: 75, unit: "mmHg"),
                    ]), start: BundleFixture.time(minute % BundleFixture.days, minutes: 600 + minute / 97), utcOffset: BundleFixture.offset))
                readings.append(BundleFixture.sample("BloodPressureSystolic", 121, "mmHg", day: minute % BundleFixture.days, minutes: 700 + minute / 97))
            }
            if minute % 41 == 0 {
                let record = BundleFixture.sample("HeartRateVariabilitySDNN", Double(30 + minute % 40), "ms", day: minute % BundleFixture.days, minutes: 700 + minute / 41, hours: 1 / 60)
                let beats = (0..<50).map { Heartbeat(offset: Double($0) * 0.9 + Double(minute % 7) / 10, bpm: Double(58 + ($0 + minute) % 20)) }
                readings.append(record)
                readings.append(Event(HeartbeatSeriesRecorded(beats: beats), start: record.start, end: record.end, utcOffset: record.utcOffset, source: record.source, causation: record.id))
            }
        }
        try fixture.ledger.append(readings)
        let last = LocalDay(iso: BundleFixture.lastDay)
        let throughIndex = try fixture.export(BundleSelection(from: LocalDay(iso: BundleFixture.firstDay), to: last))
        let wholeLog = try fixture.export(BundleSelection(from: LocalDay(number: last!.number - 400), to: last))
        let indexed = try Self.files(throughIndex.bytes), whole = try Self.files(wholeLog.bytes)
        for path in ["events.jsonl", "fhir/bundle.json"] {
            #expect(indexed[path] != nil && indexed[path] == whole[path], "\(path)")
        }
        #expect(throughIndex.manifest.counts["observations"] ?? 0 > 5_000)
        #expect(throughIndex.manifest.counts["heartbeats"] == 50 * 122, "every HRV record's 50 beats")
        for key in ["events", "observations", "observationsWithoutLOINC", "samplesWithoutFHIRCode", "heartbeats", "heartbeatsWithoutRate", "days"] {
            #expect(throughIndex.manifest.counts[key] == wholeLog.manifest.counts[key], "\(key)")
        }
        let hashes = { (manifest: BundleManifest) in Dictionary(uniqueKeysWithValues: manifest.files.map { ($0.path, $0.sha256) }) }
        #expect(hashes(throughIndex.manifest)["fhir/bundle.json"] == hashes(wholeLog.manifest)["fhir/bundle.json"])
    }

    @Test func theListenersTokensAndDeliveriesStayInTheVault() throws {
        let fixture = try BundleFixture()
        let at = BundleFixture.time(3)
        try fixture.ledger.append([
            Event(IngestTokenAdded(token: "3f9a0c1d", name: "Alex’s iPhone", hash: String(repeating: "ab", count: 32)), start: at, utcOffset: 0),
            Event(DeliveryReceived(channel: "folder", name: "/home/alex/Sync", readings: 3, stored: 3, apps: ["Alex’s iPhone": 3]), start: at, utcOffset: 0),
            Event(IngestTokenRevoked(token: "3f9a0c1d"), start: at, utcOffset: 0),
        ])
        let (bytes, manifest) = try fixture.export()
        let jsonl = String(decoding: try #require(try Self.files(bytes)["events.jsonl"]), as: UTF8.self)
        #expect(!jsonl.contains("ingestToken"))
        #expect(!jsonl.contains("delivery.received"))
        #expect(!jsonl.contains("/home/alex/Sync"))
        #expect(manifest.counts["events"] == BundleFixture.events().count)
    }

    @Test func aRangeAndKindsNarrowTheEventsAndLeaveTheViewsOut() throws {
        let fixture = try BundleFixture()
        let selection = BundleSelection(from: LocalDay(iso: "2026-03-03"), to: LocalDay(iso: "2026-03-04"), kinds: try BundleSelection.kinds(named: ["mood"]))
        let (bytes, manifest) = try fixture.export(selection)
        let files = try Self.files(bytes)
        #expect(manifest.counts["events.mood.rated"] == 2)
        #expect(manifest.counts["events"] == 2)
        #expect(files["report.pdf"] == nil)
        #expect(!files.keys.contains { $0.hasPrefix("daily/") })
    }
}
