import Foundation
import Testing
import TestSupport

/// A demo bundle's `fhir/bundle.json`, as a health-record system receiving it would check it.
@Suite struct FHIRExportTests {
    /// A demo bundle extracted: its folder, and its FHIR file, events and manifest parsed.
    final class Extracted {
        let scene: BundleScene
        let folder: String
        let fhir: [String: Any]
        let events: [[String: Any]]
        let manifest: [String: Any]

        init(days: Int = 2) throws {
            scene = try BundleScene(days: days)
            folder = scene.root + "/extracted"
            let opened = try CLI.run(["open", try scene.export(), "--identity", scene.identity, "--extract", folder])
            guard opened.status == 0 else { throw CLIError(message: "open --extract failed: \(opened.stderr)") }
            fhir = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/fhir/bundle.json"))) as! [String: Any]
            events = try String(contentsOfFile: folder + "/events.jsonl", encoding: .utf8).split(separator: "\n").map {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
            }
            manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json"))) as! [String: Any]
        }

        var observations: [[String: Any]] {
            (fhir["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }.filter { $0["resourceType"] as? String == "Observation" }
        }
    }

    static func check(_ path: String) throws -> (status: Int32, report: String) {
        let checked = try ExportGeneratorCLI.run("/bin/bash", [BundleZipReadersTests.repository + "/Tools/fhir-check.sh", path])
        return (checked.status, String(decoding: checked.stdout, as: UTF8.self) + checked.stderr)
    }

    /// The FHIR entries of a whole bundle, as a doctor opening it with an age identity finds
    /// them: `export` runs `healthledger` with the arguments it is given.
    static func bundledFHIREntries(extractedTo folder: String, export: ([String]) throws -> Void) throws -> [(fullUrl: String, resource: [String: Any])] {
        let parent = (folder as NSString).deletingLastPathComponent
        let identity = parent + "/bundle-key.txt"
        let keygen = try ExportGeneratorCLI.run("age-keygen", ["-o", identity])
        let recipient = try #require(keygen.stderr.firstMatch(of: /age1[0-9a-z]+/), "age-keygen (Debian's age): \(keygen.stderr)")
        try export(["export", "bundle", "--out", parent + "/bundle.age", "--recipient", String(recipient.0)])
        let opened = try CLI.run(["open", parent + "/bundle.age", "--identity", identity, "--extract", folder])
        #expect(opened.status == 0, "\(opened.stderr)")
        let fhir = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/fhir/bundle.json"))) as? [String: Any])
        return (fhir["entry"] as? [[String: Any]] ?? []).compactMap { entry in
            (entry["resource"] as? [String: Any]).map { (fullUrl: entry["fullUrl"] as? String ?? "", resource: $0) }
        }
    }

    static func loinc(_ concept: Any?) -> [String] {
        ((concept as? [String: Any])?["coding"] as? [[String: Any]] ?? []).filter { $0["system"] as? String == "http://loinc.org" }.compactMap { $0["code"] as? String }
    }

    @Test func theExportPassesAFHIRR4ValidatorWithNoProblems() throws {
        let extracted = try Extracted()
        let (status, report) = try Self.check(extracted.folder + "/fhir/bundle.json")
        #expect(status == 0, "\(report)")
        #expect(report.contains("(FHIR R4)") && report.contains(" 0 problems"), "\(report)")
    }

    /// Issue 39, case 2: an HRV record's beats reach the FHIR file, each a heart rate at its
    /// own instant; read in the zone the record was lived in (`--zone`), each instant shows
    /// the clock time the export wrote for the beat. The record is derived from its beats.
    @Test func eachBeatOfAnImportedHRVRecordIsAHeartRateAtItsInstant() throws {
        let vault = try CLIVault()
        try vault.ok(["import", "apple-health", ExportFidelityTests.cases + "/heartbeats/export.xml", "--zone", "Europe/Paris"])
        let folder = vault.root + "/extracted"
        let entries = try Self.bundledFHIREntries(extractedTo: folder) { _ = try vault.ok($0) }
        let rate = { (resource: [String: Any]) in "\(resource["effectiveDateTime"] as? String ?? "-") \((resource["valueQuantity"] as? [String: Any])?["value"] as? Double ?? 0)" }
        let beats = Dictionary(uniqueKeysWithValues: entries.filter { Self.loinc($0.resource["code"]) == ["8867-4"] }.map { ($0.fullUrl, rate($0.resource)) })
        #expect(beats.values.sorted() == [
            "2021-01-15T23:59:31.5+01:00 58.0", "2021-01-16T00:00:10+01:00 57.0",
            "2021-02-01T08:33:01.12+01:00 62.0", "2021-02-01T08:33:02.05+01:00 64.0", "2021-02-01T08:33:02.98+01:00 65.0",
        ])
        let records = entries.filter { Self.loinc($0.resource["code"]) == ["80404-7"] }.map(\.resource)
        let derived = records.map { record in
            let references = (record["derivedFrom"] as? [[String: Any]] ?? []).compactMap { $0["reference"] as? String }
            return "\((record["effectivePeriod"] as? [String: Any])?["start"] as? String ?? "-"): " + references.map { beats[$0] ?? "missing" }.joined(separator: ", ")
        }
        #expect(derived.sorted() == [
            "2021-01-15T23:59:30+01:00: 2021-01-15T23:59:31.5+01:00 58.0, 2021-01-16T00:00:10+01:00 57.0",
            "2021-02-01T08:33:00+01:00: 2021-02-01T08:33:01.12+01:00 62.0, 2021-02-01T08:33:02.05+01:00 64.0, 2021-02-01T08:33:02.98+01:00 65.0",
        ])
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json"))) as? [String: Any])
        #expect((manifest["counts"] as? [String: Int])?["heartbeats"] == 5)
        let (status, report) = try Self.check(folder + "/fhir/bundle.json")
        #expect(status == 0 && report.contains("7 Observations, 0 problems"), "\(report)")
    }

    enum Breakage: String, CaseIterable {
        case heartRateInBMIUnits, stepsInBMIUnits, stepsInAUnitUCUMLacks, oxygenSaturationAsAFraction, diastolicComponentMissing

        /// Breaks the first Observation it applies to; returns what the check must say.
        func apply(to observations: inout [[String: Any]]) -> String {
            for index in observations.indices {
                var observation = observations[index]
                let codes = FHIRExportTests.loinc(observation["code"])
                var quantity = observation["valueQuantity"] as? [String: Any] ?? [:]
                switch self {
                case .heartRateInBMIUnits where codes.contains("8867-4"), .stepsInBMIUnits where codes.contains("55423-8"):
                    quantity["code"] = "kg/m2"
                case .stepsInAUnitUCUMLacks where codes.contains("55423-8"):
                    quantity["code"] = "steps"
                case .oxygenSaturationAsAFraction where codes.contains("2708-6"):
                    quantity["value"] = (quantity["value"] as? Double ?? 97) / 100
                case .diastolicComponentMissing where codes.contains("85354-9"):
                    observation["component"] = (observation["component"] as? [[String: Any]] ?? []).filter { !FHIRExportTests.loinc($0["code"]).contains("8462-4") }
                default:
                    continue
                }
                if !quantity.isEmpty { observation["valueQuantity"] = quantity }
                observations[index] = observation
                return switch self {
                case .heartRateInBMIUnits, .stepsInBMIUnits: "unit 'kg/m2' is not one of"
                case .stepsInAUnitUCUMLacks: "'steps' is not a UCUM unit"
                case .oxygenSaturationAsAFraction: "% is outside 50-100"
                case .diastolicComponentMissing: "0 component(s) coded 8462-4"
                }
            }
            return "no Observation to break"
        }
    }

    @Test(arguments: Breakage.allCases) func aChangedUnitOrValueOrAMissingComponentFailsTheCheck(_ breakage: Breakage) throws {
        let extracted = try Extracted(days: 1)
        var entries = extracted.fhir["entry"] as? [[String: Any]] ?? []
        var resources = entries.compactMap { $0["resource"] as? [String: Any] }
        let says = breakage.apply(to: &resources)
        for index in entries.indices { entries[index]["resource"] = resources[index] }
        var broken = extracted.fhir
        broken["entry"] = entries
        let path = extracted.folder + "/broken.json"
        try JSONSerialization.data(withJSONObject: broken).write(to: URL(fileURLWithPath: path))
        let (status, report) = try Self.check(path)
        #expect(status == 1, "\(breakage): \(report)")
        #expect(report.contains(says), "\(breakage) should say \(says): \(report)")
    }

    /// What each HealthKit type's Observation must carry: its UCUM code, and the factor from
    /// the sample's value (HealthKit's % is a fraction, UCUM's counts hundredths).
    static let expected: [String: (unit: String, code: String, factor: Double)] = [
        "StepCount": ("count", "{steps}", 1), "DistanceWalkingRunning": ("km", "km", 1),
        "ActiveEnergyBurned": ("kcal", "kcal", 1), "BasalEnergyBurned": ("kcal", "kcal", 1),
        "HeartRate": ("count/min", "/min", 1), "RestingHeartRate": ("count/min", "/min", 1),
        "RespiratoryRate": ("count/min", "/min", 1), "OxygenSaturation": ("%", "%", 100),
        "HeartRateVariabilitySDNN": ("ms", "ms", 1), "BodyMass": ("kg", "kg", 1),
    ]

    @Test func eachObservationHasTheValueAndUnitOfItsSourceEventAndTheManifestCountsWhatWasWritten() throws {
        let extracted = try Extracted()
        let observations = Dictionary(uniqueKeysWithValues: extracted.observations.map { ($0["id"] as! String, $0) })
        var checked: [String: Int] = [:]
        for event in extracted.events {
            let payload = event["payload"] as? [String: Any] ?? [:]
            let id = try #require(event["id"] as? String)
            switch event["kind"] as? String {
            case "sample.recorded":
                let type = try #require((payload["type"] as? String)?.replacingOccurrences(of: "HKQuantityTypeIdentifier", with: ""))
                let expected = try #require(Self.expected[type], "a test expectation for \(type)")
                #expect(payload["unit"] as? String == expected.unit, "\(type) in the demo")
                let observation = try #require(observations[id], "the Observation of \(type) sample \(id)")
                let quantity = try #require(observation["valueQuantity"] as? [String: Any])
                #expect(quantity["code"] as? String == expected.code, "\(type): \(quantity)")
                #expect(quantity["system"] as? String == "http://unitsofmeasure.org")
                let value = try #require(payload["value"] as? Double)
                #expect(abs((quantity["value"] as? Double ?? .nan) - value * expected.factor) < 1e-9, "\(type): \(value) → \(quantity)")
                checked[type, default: 0] += 1
            case "correlation.recorded" where payload["type"] as? String == "HKCorrelationTypeIdentifierBloodPressure":
                let observation = try #require(observations[id], "the Observation of blood-pressure reading \(id)")
                #expect(Self.loinc(observation["code"]) == ["85354-9"])
                let components = observation["component"] as? [[String: Any]] ?? []
                for sample in payload["samples"] as? [[String: Any]] ?? [] {
                    let code = (sample["type"] as? String)?.hasSuffix("Systolic") == true ? "8480-6" : "8462-4"
                    let component = try #require(components.first { Self.loinc($0["code"]).contains(code) })
                    let quantity = component["valueQuantity"] as? [String: Any]
                    #expect(quantity?["code"] as? String == "mm[Hg]")
                    #expect(quantity?["value"] as? Double == sample["value"] as? Double)
                }
                checked["BloodPressure", default: 0] += 1
            default:
                continue
            }
        }
        #expect(Set(checked.keys) == Set(Self.expected.keys).union(["BloodPressure"]), "every type of the demo was checked: \(checked)")
        let counts = extracted.manifest["counts"] as? [String: Int] ?? [:]
        #expect(counts["observations"] == extracted.observations.count)
        #expect(counts["observations"] == checked.values.reduce(0, +))
        #expect(counts["samplesWithoutFHIRCode"] == 0)
        let withoutLOINC = extracted.observations.filter { Self.loinc($0["code"]).isEmpty }
        #expect(counts["observationsWithoutLOINC"] == withoutLOINC.count)
        #expect(withoutLOINC.count == checked["BasalEnergyBurned"], "basal energy is the one type LOINC has no term for")
    }
}
