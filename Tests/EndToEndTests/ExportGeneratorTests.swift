import Foundation
import Testing

/// `health-export-gen` end to end: what its manifest claims, checked against the zip it
/// wrote by counting independently.
@Suite final class ExportGeneratorTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-gen-\(UUID().uuidString)").path

    init() throws { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// Writes an export of `records` and returns its path and parsed manifest.
    private func generate(_ records: Int, _ extra: [String] = [], name: String = "export") throws -> (zip: String, manifest: [String: Any]) {
        let zip = "\(folder)/\(name).zip"
        let manifest = "\(folder)/\(name).json"
        let result = try ExportGeneratorCLI.generate(["--records", "\(records)", "--out", zip, "--manifest", manifest] + extra)
        #expect(result.status == 0, "health-export-gen failed: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifest))) as? [String: Any]
        return (zip, json ?? [:])
    }

    @Test func manifestCountsWhatTheZipHolds() throws {
        let (zip, manifest) = try generate(5000, ["--seed", "42"])
        let total = try #require(manifest["total"] as? Int)
        #expect(abs(total - 5000) <= 50)

        let listing = try ExportGeneratorCLI.run("unzip", ["-Z1", zip])
        try #require(listing.status == 0, "unzip could not list \(zip): \(listing.stderr)")
        let names = String(decoding: listing.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(names.contains("apple_health_export/export.xml"))
        #expect(names.contains("apple_health_export/export_cda.xml"))
        let routes = names.filter { $0.hasPrefix("apple_health_export/workout-routes/route_") && $0.hasSuffix(".gpx") }
        let electrocardiograms = names.filter { $0.hasPrefix("apple_health_export/electrocardiograms/ecg_") && $0.hasSuffix(".csv") }
        #expect(!routes.isEmpty && routes.count == manifest["routeFiles"] as? Int)
        #expect(!electrocardiograms.isEmpty && electrocardiograms.count == manifest["ecgFiles"] as? Int)

        let xml = try ExportGeneratorCLI.run("unzip", ["-p", zip, "apple_health_export/export.xml"])
        try #require(xml.status == 0)
        let scan = TopLevelElementScan(Array(xml.stdout))
        var elements = scan.elements
        #expect(elements.removeValue(forKey: "ExportDate") == 1)
        #expect(elements == manifest["elements"] as? [String: Int])
        #expect(scan.recordsByType == manifest["recordsByType"] as? [String: Int])
        #expect(elements.values.reduce(0, +) + electrocardiograms.count == total)
        let correlationChildren = scan.allRecords - (elements["Record"] ?? 0)
        #expect(correlationChildren > 0 && correlationChildren == manifest["correlationChildRecords"] as? Int)
        for element in ["Correlation", "Workout", "ActivitySummary", "Me", "ClinicalRecord", "Audiogram", "VisionPrescription", "StateOfMind"] {
            #expect(elements[element, default: 0] > 0, "no \(element) in the export")
        }

        let gpx = try ExportGeneratorCLI.run("unzip", ["-p", zip, try #require(routes.first)])
        #expect(String(decoding: gpx.stdout, as: UTF8.self).contains("<trkpt lon="))
        let ecg = try ExportGeneratorCLI.run("unzip", ["-p", zip, try #require(electrocardiograms.first)])
        #expect(String(decoding: ecg.stdout, as: UTF8.self).contains("\nLead,Lead I\nUnit,µV\n"))
    }

    @Test func sameSeedWritesTheSameBytes() throws {
        let first = try generate(1500, ["--seed", "7"], name: "first")
        let second = try generate(1500, ["--seed", "7"], name: "second")
        let other = try generate(1500, ["--seed", "8"], name: "other")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: first.zip))
        #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: second.zip))))
        #expect(bytes != (try Data(contentsOf: URL(fileURLWithPath: other.zip))))
    }
}
