import Foundation
import LedgerCore
import LedgerCrypto
import LedgerStore
import Testing
@testable import HealthImport
import TestSupport

@Suite struct FaceCaptureFolderTests {
    func folder(_ name: String, _ ledger: Ledger) -> FaceCaptureFolder {
        FaceCaptureFolder(directory: Fixtures.path(name), clock: LocalClock(zone: Fixtures.paris), identity: ImportIdentity(ledger: ledger))
    }

    func relative(_ path: String?) -> String? { path?.replacingOccurrences(of: Fixtures.root + "/faces/", with: "") }

    @Test func findsCapturesInAllThreeLayouts() throws {
        let vault = try ScratchVault()
        let captures = try folder("faces", vault.ledger).units()
        #expect(captures.map { [relative($0.image), relative($0.metrics), relative($0.health)] } == [
            ["flat/Face-2024-03-15_143022.jpg", "flat/Face-2024-03-15_143022.json", nil],
            ["flat/Face-2024-03-16_081500.jpg", "flat/Face-2024-03-16_081500.json", nil],
            ["flat/Face-2024-03-18_070000.jpg", nil, nil],
            ["pipeline/Face-2024-03-17_210005.jpg", "pipeline/annotations/mediapipe/Face-2024-03-17_210005.json", "pipeline/Face-2024-03-17_210005_health.json"],
            ["yearmonth/faces/2024/03/Face-2024-03-15_143022.jpg", "yearmonth/faces/2024/03/Face-2024-03-15_143022.json", "yearmonth/faces/2024/03/Face-2024-03-15_143022_health.json"],
        ])
    }

    @Test func importsEachCaptureOnceWithItsImageAndSnapshotAndReportsTheOneWithoutMetrics() throws {
        let vault = try ScratchVault()
        let summary = try folder("faces", vault.ledger).run(into: vault.ledger)
        // 4 captures with metrics (one of them twice), 6 snapshot values on 15 March, 2 on 17 March.
        #expect(summary.readByType["face"] == 4)
        #expect(summary.readBySource == ["ShareHealth": 4, "ShareHealth health snapshot": 8])
        #expect(summary.appended == 11)
        #expect(summary.duplicates == 1)
        #expect(summary.skipped == [
            "no metrics JSON of the same name beside the image or in annotations/mediapipe/": 1,
            "feature not among the 24 the ledger knows: tongueOut": 1,
        ])
        #expect(summary.skipExamples.values.flatMap { $0 }.contains(Fixtures.path("faces/flat/Face-2024-03-18_070000.jpg")))

        let stored = try vault.ledger.allEvents().map(\.event)
        let faces = stored.filter { $0.kind == .faceCaptured }.sorted { $0.start < $1.start }
        #expect(faces.map(\.start) == [
            Fixtures.instant("2024-03-15T13:30:22Z"),  // the JSON's instant; the name's 14:30:22 gives +01:00
            Fixtures.instant("2024-03-16T08:15:00+01:00"),  // no timestamp: the name, in the zone
            Fixtures.instant("2024-03-17T21:00:05+01:00"),  // a timestamp without offset, in the zone
        ])
        #expect(faces.map(\.utcOffset) == [3600, 3600, 3600])
        let first = try faces[0].decode(FaceCaptured.self)
        #expect(first.features?[.eyeOpennessLeft] == 0.85)
        #expect(first.features?[.faceCenterX] == 0.5)
        #expect(first.indicators?[.facialSymmetry] == 92)
        #expect(first.metadata == FaceCaptureMetadata(imageWidth: 32, imageHeight: 16, faceConfidence: 0.98, landmarkCount: 468))
        let images = try faces.map { try vault.ledger.blob(named: #require(try $0.decode(FaceCaptured.self).imageBlob)) }
        #expect(images == [
            Fixtures.bytes("faces/flat/Face-2024-03-15_143022.jpg"), Fixtures.bytes("faces/flat/Face-2024-03-16_081500.jpg"),
            Fixtures.bytes("faces/pipeline/Face-2024-03-17_210005.jpg"),
        ])

        let snapshot = stored.filter { $0.source.name == "ShareHealth health snapshot" }
        let steps = try snapshot.filter { $0.payload["type"] == .string("HKQuantityTypeIdentifierStepCount") }
            .map { ($0.start, try $0.decode(SampleRecorded.self).value) }.sorted { $0.0 < $1.0 }
        #expect(steps.map(\.0) == [Fixtures.instant("2024-03-15T00:00:00+01:00"), Fixtures.instant("2024-03-17T00:00:00+01:00")])
        #expect(steps.map(\.1) == [8543, 10234])
        let energy = try #require(snapshot.first { $0.payload["type"] == .string("HKQuantityTypeIdentifierActiveEnergyBurned") })
        #expect(try energy.decode(SampleRecorded.self).value == 425.8)
    }

    @Test func aMalformedJSONNamesItsFileAndLineAndNothingIsStored() throws {
        let vault = try ScratchVault()
        let error = try #require(throws: ImportError.self) { try folder("faces-malformed", vault.ledger).run(into: vault.ledger) }
        #expect(error.isMalformed)
        #expect(error.description.hasPrefix(Fixtures.path("faces-malformed/Face-2024-03-19_120000.json") + ", line 3: not valid JSON"))
        #expect(try vault.ledger.count() == 0)
    }

    @Test(arguments: [
        ("healthIndicators", #"{"mediaPipeFeatures": {}, "metadata": {}}"#, "the required object healthIndicators is missing"),
        ("a feature", #"{"mediaPipeFeatures": {"eyeOpennessLeft": 0.8}, "healthIndicators": {}, "metadata": {}}"#, "eyeOpennessRight"),
    ])
    func metricsWithoutWhatShareHealthRequiresAreMalformed(missing: String, json: String, message: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hl-faces-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/Face-2024-03-20_090000.json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(throws: ImportError.self) { try FaceMetricsFile(path: path) }
        #expect(error.description.hasPrefix(path))
        #expect(error.description.contains(message), "without \(missing): \(error)")
    }

    @Test(arguments: [
        ("Face-2024-03-15_143022", 19_797, 52_222),
        ("Face-2024-02-30_120000", nil, nil),
        ("Face-2024-03-15_246000", nil, nil),
        ("Face-2024-03-15", nil, nil),
    ] as [(String, Int64?, Int64?)])
    func captureNamesGiveTheLocalDateAndTime(stem: String, day: Int64?, second: Int64?) {
        let name = FaceCaptureName(stem: stem)
        #expect(name?.day == day)
        #expect(name?.secondOfDay == second)
    }

    /// The JSON's timestamp is stored, but a name that says another day is reported, so a
    /// capture never moves to another day without a word.
    @Test(arguments: [("2024-03-17T09:00:00Z", "2024-03-17T10:00:00+01:00"), ("2024-03-17T09:00:00", "2024-03-17T09:00:00+01:00")])
    func aCaptureWhoseNameAndTimestampDisagreeIsReported(timestamp: String, shown: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hl-faces-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let stem = "Face-2024-03-15_143022"
        try FileManager.default.copyItem(atPath: Fixtures.path("faces/flat/\(stem).jpg"), toPath: directory + "/\(stem).jpg")
        let metrics = try String(contentsOfFile: Fixtures.path("faces/flat/\(stem).json"), encoding: .utf8)
            .replacingOccurrences(of: "\"2024-03-15T13:30:22Z\"", with: "\"\(timestamp)\"")
        try metrics.write(toFile: directory + "/\(stem).json", atomically: true, encoding: .utf8)
        let vault = try ScratchVault()
        let summary = try FaceCaptureFolder(directory: directory, clock: LocalClock(zone: Fixtures.paris), identity: ImportIdentity(ledger: vault.ledger))
            .run(into: vault.ledger)
        #expect(summary.notes == ["\(stem): the file name says 2024-03-15 14:30:22 but its JSON's timestamp is \(shown); stored at the JSON's time": 1])
        let face = try #require(try vault.ledger.allEvents().map(\.event).first { $0.kind == .faceCaptured })
        #expect(face.start.iso8601(utcOffset: face.utcOffset) == shown)
    }

    @Test func aCaptureWhoseNameAndTimestampAgreeIsNotReported() throws {
        let vault = try ScratchVault()
        let summary = try folder("faces", vault.ledger).run(into: vault.ledger)
        #expect(!summary.notes.keys.contains { $0.contains("the file name says") }, "\(summary.notes)")
    }
}
