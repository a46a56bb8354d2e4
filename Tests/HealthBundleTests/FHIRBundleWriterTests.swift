import Foundation
import LedgerCore
import Testing
@testable import HealthBundle

/// The FHIR file's Observations, value and unit for each kind of sample, and its counts.
@Suite struct FHIRBundleWriterTests {
    static let watch = Source(name: "Apple Watch", device: "Watch7,1")
    static let vaultID = String(repeating: "ab", count: 16)

    static func sample(_ type: String, _ value: Double, _ unit: String, minute: Int64 = 0, source: Source = watch) -> Event {
        Event(SampleRecorded(type: "HKQuantityTypeIdentifier" + type, value: value, unit: unit), start: Timestamp(micros: 1_772_352_000_000_000 + minute * 60_000_000), utcOffset: 3600, source: source)
    }

    static func pressure(systolic: Double, diastolic: Double, minute: Int64 = 0) -> Event {
        Event(
            CorrelationRecorded(type: "HKCorrelationTypeIdentifierBloodPressure", samples: [
                CorrelatedSample(type: "HKQuantityTypeIdentifierBloodPressureSystolic", value: systolic, unit: "mmHg"),
                CorrelatedSample(type: "HKQuantityTypeIdentifierBloodPressureDiastolic", value: diastolic, unit: "mmHg"),
            ]), start: Timestamp(micros: 1_772_352_000_000_000 + minute * 60_000_000), utcOffset: 3600, source: watch)
    }

    /// The file the writer makes of `events`, parsed; and the writer, for its counts.
    static func write(_ events: [Event]) throws -> (observations: [[String: Any]], writer: FHIRBundleWriter) {
        let (entries, writer) = try writeEntries(events)
        return (entries.map(\.resource).filter { $0["resourceType"] as? String == "Observation" }, writer)
    }

    /// The file's entries, each with its `fullUrl`, the Patient first.
    static func writeEntries(_ events: [Event]) throws -> (entries: [(fullUrl: String, resource: [String: Any])], writer: FHIRBundleWriter) {
        var writer = FHIRBundleWriter(mapping: try FHIRMapping.load(), vaultID: vaultID)
        var text = Array(writer.opening(timestamp: "2026-03-01T09:00:00+01:00").utf8)
        for event in events { writer.writeEntries(event, into: &text) }
        writer.writeClosing(into: &text)
        let bundle = try #require(try JSONSerialization.jsonObject(with: Data(text)) as? [String: Any])
        let entries = (bundle["entry"] as? [[String: Any]] ?? []).compactMap { entry in
            (entry["resource"] as? [String: Any]).map { (fullUrl: entry["fullUrl"] as? String ?? "", resource: $0) }
        }
        #expect(entries.first?.resource["resourceType"] as? String == "Patient")
        return (entries, writer)
    }

    static func loinc(_ concept: Any?) -> [String] {
        ((concept as? [String: Any])?["coding"] as? [[String: Any]] ?? []).filter { $0["system"] as? String == "http://loinc.org" }.compactMap { $0["code"] as? String }
    }

    static func isVitalSign(_ observation: [String: Any]) -> Bool {
        (observation["category"] as? [[String: Any]] ?? []).contains { concept in
            ((concept as? [String: Any])?["coding"] as? [[String: Any]] ?? []).contains { $0["code"] as? String == "vital-signs" }
        }
    }

    struct Case: CustomStringConvertible, Sendable {
        let type: String, value: Double, unit: String
        let written: Double, code: String, loinc: String?, vital: Bool
        var description: String { "\(type) \(value) \(unit)" }
    }

    static let cases: [Case] = [
        Case(type: "StepCount", value: 8_000, unit: "count", written: 8_000, code: "{steps}", loinc: "55423-8", vital: false),
        Case(type: "FlightsClimbed", value: 3, unit: "count", written: 3, code: "{flights}", loinc: "100304-5", vital: false),
        Case(type: "BodyMassIndex", value: 23.4, unit: "count", written: 23.4, code: "kg/m2", loinc: "39156-5", vital: true),
        Case(type: "OxygenSaturation", value: 0.97, unit: "%", written: 97, code: "%", loinc: "2708-6", vital: true),
        Case(type: "OxygenSaturation", value: 0.57, unit: "%", written: 57, code: "%", loinc: "59408-5", vital: true),
        Case(type: "BodyFatPercentage", value: 0.215, unit: "%", written: 21.5, code: "%", loinc: "41982-0", vital: false),
        Case(type: "DistanceWalkingRunning", value: 1.234, unit: "km", written: 1.234, code: "km", loinc: "55430-3", vital: false),
        Case(type: "DistanceWalkingRunning", value: 0.5, unit: "mi", written: 0.5, code: "[mi_i]", loinc: "55430-3", vital: false),
        Case(type: "BasalEnergyBurned", value: 62.5, unit: "kcal", written: 62.5, code: "kcal", loinc: nil, vital: false),
        Case(type: "HeartRate", value: 72, unit: "count/min", written: 72, code: "/min", loinc: "8867-4", vital: true),
        Case(type: "HeartRate", value: 1.2, unit: "count/s", written: 72, code: "/min", loinc: "8867-4", vital: true),
        Case(type: "BodyMass", value: 154, unit: "lb", written: 154, code: "[lb_av]", loinc: "29463-7", vital: true),
        Case(type: "BodyMass", value: 11, unit: "st", written: 69.85322498, code: "kg", loinc: "29463-7", vital: true),
        Case(type: "BodyTemperature", value: 98.6, unit: "degF", written: 98.6, code: "[degF]", loinc: "8310-5", vital: true),
        Case(type: "Height", value: 180, unit: "cm", written: 180, code: "cm", loinc: "8302-2", vital: true),
        Case(type: "DietaryVitaminD", value: 10, unit: "mcg", written: 10, code: "ug", loinc: nil, vital: false),
        Case(type: "VO2Max", value: 42, unit: "ml/(kg*min)", written: 42, code: "mL/(kg.min)", loinc: nil, vital: false),
    ]

    @Test(arguments: cases) func eachTypeIsWrittenInTheUCUMUnitOfItsOwnKind(_ expected: Case) throws {
        let event = Self.sample(expected.type, expected.value, expected.unit)
        let (observations, writer) = try Self.write([event])
        let observation = try #require(observations.first)
        #expect(observation["id"] as? String == event.id.description)
        let quantity = try #require(observation["valueQuantity"] as? [String: Any])
        #expect(quantity["code"] as? String == expected.code)
        #expect(quantity["system"] as? String == "http://unitsofmeasure.org")
        #expect(abs((quantity["value"] as? Double ?? .nan) - expected.written) < 1e-6, "\(quantity)")
        if let loinc = expected.loinc { #expect(Self.loinc(observation["code"]).contains(loinc)) } else { #expect(Self.loinc(observation["code"]).isEmpty) }
        #expect(Self.isVitalSign(observation) == expected.vital)
        #expect((observation["subject"] as? [String: Any])?["reference"] as? String == "urn:uuid:abababab-abab-abab-abab-abababababab")
        #expect(writer.observationsWithoutLOINC == (expected.loinc == nil ? 1 : 0))
        #expect(writer.samplesWithoutFHIRCode == 0)
    }

    @Test func aUnitUCUMLacksLeavesTheSampleOutAndTheManifestSaysSo() throws {
        let (observations, writer) = try Self.write([Self.sample("DietaryWater", 1, "cup_imp"), Self.sample("StepCount", 10, "count")])
        #expect(observations.count == 1)
        #expect(writer.samplesWithoutFHIRCode == 1)
    }

    static func components(_ observation: [String: Any]) -> [String: Any] {
        var found: [String: Any] = [:]
        for component in observation["component"] as? [[String: Any]] ?? [] {
            let code = Self.loinc(component["code"]).first ?? "?"
            found[code] = (component["valueQuantity"] as? [String: Any])?["value"] ?? "absent"
        }
        return found
    }

    @Test func aBloodPressureReadingIsOnePanelWhetherACorrelationOrItsTwoSamplesCarryIt() throws {
        // An Apple Health export holds the correlation and, as Records of their own, its two
        // samples: one Observation. ShareHealth's daily columns are two samples alone: one too.
        let (observations, writer) = try Self.write([
            Self.sample("BloodPressureSystolic", 120, "mmHg", minute: 0), Self.sample("BloodPressureDiastolic", 80, "mmHg", minute: 0),
            Self.pressure(systolic: 120, diastolic: 80, minute: 0),
            Self.sample("BloodPressureSystolic", 131, "mmHg", minute: 60), Self.sample("BloodPressureDiastolic", 85, "mmHg", minute: 60),
        ])
        #expect(observations.count == 2)
        for observation in observations {
            #expect(Self.loinc(observation["code"]) == ["85354-9"])
            #expect(observation["valueQuantity"] == nil)
            #expect(Self.isVitalSign(observation))
        }
        #expect(observations.map { Self.components($0)["8480-6"] as? Double } == [120, 131])
        #expect(observations.map { Self.components($0)["8462-4"] as? Double } == [80, 85])
        #expect(writer.samplesWithoutFHIRCode == 0)
    }

    @Test func aSystolicReadingWithoutItsDiastolicSaysTheOtherIsAbsent() throws {
        let (observations, _) = try Self.write([Self.sample("BloodPressureSystolic", 118, "mmHg")])
        let observation = try #require(observations.first)
        #expect(Self.components(observation)["8480-6"] as? Double == 118)
        let diastolic = try #require((observation["component"] as? [[String: Any]])?.first { Self.loinc($0["code"]).contains("8462-4") })
        #expect(diastolic["valueQuantity"] == nil)
        #expect(((diastolic["dataAbsentReason"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String == "unknown")
    }
}
