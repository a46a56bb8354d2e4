import CZstd
import Foundation
import Testing
import TestSupport

/// Participants (demo vaults with bundles sealed to their own age keys), a study key, and
/// `cohort build` run on them under a permissive umask, so the modes it creates are its own.
final class CohortScene {
    let root: String
    let participants: [BundleScene]
    let studyKey: String

    init(participants count: Int, days: Int = 8) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("hl-cohort-e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        participants = try (0..<count).map { _ in try BundleScene(days: days) }
        studyKey = try Self.keygen(root + "/study.key")
    }

    static func keygen(_ path: String) throws -> String {
        let made = try CLI.run(["cohort", "keygen", path])
        guard made.status == 0 else { throw CLIError(message: "cohort keygen failed: \(made.stderr)") }
        return path
    }

    /// `cohort build` of `bundles` into `dataset` (JSON summary), opened by every participant's identity.
    func build(_ bundles: [String], into dataset: String, key: String? = nil, _ more: [String] = []) throws -> CLI.Result {
        let arguments = ["cohort", "build"] + bundles + ["--study-key", key ?? studyKey, "--out", dataset, "--json"]
            + participants.flatMap { ["--identity", $0.identity] } + more
        let command = ([CLI.binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return try CLI.run(["-c", "umask 022; exec \(command)"], executable: "/bin/sh")
    }

    static func summary(_ result: CLI.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout) \(result.stderr)")
    }

    static func outcomes(_ result: CLI.Result) throws -> [[String: Any]] {
        try #require(try summary(result)["participants"] as? [[String: Any]])
    }

    /// Every file and folder under `dataset` (relative paths) with its bytes (nil for folders).
    static func contents(_ dataset: String) throws -> [String: Data?] {
        var found: [String: Data?] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: dataset))
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: dataset + "/" + path, isDirectory: &isDirectory)
            found[path] = isDirectory.boolValue ? nil : try Data(contentsOf: URL(fileURLWithPath: dataset + "/" + path))
        }
        return found
    }

    static func participantFolders(_ dataset: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dataset).filter { $0.hasPrefix("participant=") }.sorted()
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}

@Suite struct CohortCLITests {
    @Test func aDamagedBundleIsRefusedWithItsOwnCodeAndNothingOfItIsWritten() throws {
        let scene = try CohortScene(participants: 2)
        let good = try scene.participants[0].export()
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try scene.participants[1].export())))
        let damaged = scene.root + "/damaged.age"
        try Data(try BundleTests.Damage.middleChunk.apply(original)).write(to: URL(fileURLWithPath: damaged))
        let dataset = scene.root + "/cohort"

        let built = try scene.build([good, damaged], into: dataset)
        #expect(built.status == 21, "\(built.stderr)")
        #expect(built.stderr.contains("refused \(damaged):"), "\(built.stderr)")
        #expect(built.stderr.contains("failed authentication"), "\(built.stderr)")
        let summary = try CohortScene.summary(built)
        #expect((summary["refused"] as? [[String: Any]])?.map { $0["bundle"] as? String } == [damaged])
        #expect(try CohortScene.outcomes(built).map { $0["bundle"] as? String } == [good])
        #expect(try CohortScene.participantFolders(dataset).count == 1, "only the verified bundle's participant")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dataset).sorted() == ["_cohort.json", try CohortScene.participantFolders(dataset)[0]])

        let alone = scene.root + "/alone"
        let refused = try scene.build([damaged], into: alone)
        #expect(refused.status == 21)
        #expect(try CohortScene.participantFolders(alone).isEmpty)
        let unsigned = try scene.build([scene.root + "/missing.age"], into: alone)
        #expect(unsigned.status == 66, "\(unsigned.stderr)")
    }

    @Test func theSameKeyGivesTheSamePseudonymAndAnotherKeyAnother() throws {
        let scene = try CohortScene(participants: 1)
        let bundle = try scene.participants[0].export()
        let first = try CohortScene.outcomes(try scene.build([bundle], into: scene.root + "/one"))
        let second = try CohortScene.outcomes(try scene.build([bundle], into: scene.root + "/two"))
        let otherKey = try CohortScene.keygen(scene.root + "/other.key")
        let third = try CohortScene.outcomes(try scene.build([bundle], into: scene.root + "/three", key: otherKey))
        let pseudonym = try #require(first.first?["participant"] as? String)
        #expect(pseudonym.wholeMatch(of: /p[0-9a-f]{32}/) != nil)
        #expect(second.first?["participant"] as? String == pseudonym)
        #expect(third.first?["participant"] as? String != pseudonym)
        #expect(try CohortScene.participantFolders(scene.root + "/two") == ["participant=" + pseudonym])

        let mixed = try scene.build([bundle], into: scene.root + "/one", key: otherKey)
        #expect(mixed.status == 77, "a dataset is not extended under another key: \(mixed.stderr)")
        #expect(mixed.stderr.contains("another study key"))
        let forced = try scene.build([bundle], into: scene.root + "/one", key: otherKey, ["--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try CohortScene.participantFolders(scene.root + "/one") == ["participant=" + (third.first?["participant"] as? String ?? "")])
    }

    @Test func aFolderHoldingOtherFilesOrTheOtherDateChoiceIsRefused() throws {
        let scene = try CohortScene(participants: 1, days: 3)
        let bundle = try scene.participants[0].export()
        let folder = scene.root + "/papers"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "draft\n".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
        for more in [[], ["--force"]] {
            let refused = try scene.build([bundle], into: folder, more)
            #expect(refused.status == 73, "\(refused.stderr)")
            #expect(refused.stderr.contains("notes.txt"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.txt"])

        let dataset = scene.root + "/cohort"
        #expect(try scene.build([bundle], into: dataset).status == 0)
        let shifted = try scene.build([bundle], into: dataset, ["--shift-dates"])
        #expect(shifted.status == 65, "shifted and unshifted participants are not mixed: \(shifted.stderr)")
        #expect(shifted.stderr.contains("without --shift-dates"))
    }

    @Test func buildingAgainWithTheSameBundlesChangesNoByte() throws {
        let scene = try CohortScene(participants: 2)
        let bundles = try scene.participants.map { try $0.export() }
        let dataset = scene.root + "/cohort"
        let first = try scene.build(bundles, into: dataset)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("plaintext"))
        #expect(try CohortScene.outcomes(first).map { $0["action"] as? String } == ["created", "created"])
        let before = try CohortScene.contents(dataset)
        #expect(before.keys.contains { $0.hasSuffix("/kind=samples/part-000000000.parquet") })
        for (path, data) in before {
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: dataset + "/" + path)[.posixPermissions] as? Int)
            #expect(mode == (data == nil ? 0o700 : 0o600), "\(path) is \(String(mode, radix: 8))")
        }

        let again = try scene.build(bundles.reversed(), into: dataset)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try CohortScene.outcomes(again).map { $0["action"] as? String } == ["unchanged", "unchanged"])
        #expect(try CohortScene.summary(again)["rows"] as? Int == 0)
        #expect(try CohortScene.contents(dataset) == before)
    }

    @Test func aNewerBundleAddsOnlyItsNewEventsAndAnAmendmentRewritesTheParticipant() throws {
        let scene = try CohortScene(participants: 1)
        let person = scene.participants[0]
        let older = try person.export("older.age")
        let dataset = scene.root + "/cohort"
        #expect(try scene.build([older], into: dataset).status == 0)
        let participant = try #require(try CohortScene.participantFolders(dataset).first)
        let moods = dataset + "/" + participant + "/kind=moods"
        let firstParts = try FileManager.default.contentsOfDirectory(atPath: moods)
        #expect(firstParts == ["part-000000000.parquet"])

        for (day, rating) in [("2030-01-01", "6"), ("2030-01-02", "8")] {
            #expect(try person.run(["mood", rating, "--at", day + "T09:00:00+01:00", "--future"]).status == 0)
        }
        let newer = try person.export("newer.age")
        let added = try scene.build([newer], into: dataset)
        #expect(try CohortScene.outcomes(added).first?["action"] as? String == "appended", "\(added.stderr)")
        #expect(try CohortScene.outcomes(added).first?["rows"] as? [String: Int] == ["moods": 2])
        let parts = try FileManager.default.contentsOfDirectory(atPath: moods).sorted()
        #expect(parts.count == 2 && parts[0] == "part-000000000.parquet")
        #expect(try CohortScene.outcomes(try scene.build([older], into: dataset)).first?["action"] as? String == "older")
        #expect(try CohortScene.outcomes(try scene.build([newer], into: dataset)).first?["action"] as? String == "unchanged")

        let retracted = try #require(try person.run(["log", "--raw", "--json", "--kind", "mood"]).stdout.split(separator: "\n").compactMap {
            (try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"] as? String
        }.first)
        #expect(try person.run(["retract", retracted]).status == 0)
        let amended = try scene.build([try person.export("amended.age")], into: dataset)
        let outcome = try #require(try CohortScene.outcomes(amended).first)
        #expect(outcome["action"] as? String == "rebuilt", "a retraction of a row already written rewrites the participant")
        let rebuiltMoods = try #require((outcome["rows"] as? [String: Int])?["moods"])
        let moodRows = try person.run(["log", "--json", "--kind", "mood"]).stdout.split(separator: "\n").count
        #expect(rebuiltMoods == moodRows, "every mood as it reads now, the retracted one left out")
        #expect(try FileManager.default.contentsOfDirectory(atPath: moods) == ["part-000000000.parquet"])
    }

    /// Every byte the dataset holds — file names, the state file, Parquet pages (unpacked
    /// from zstd) and footers — searched for what identifies the participant.
    @Test func theDatasetHoldsNoIdNameNoteDeviceOrFileName() throws {
        let scene = try CohortScene(participants: 1, days: 5)
        let person = scene.participants[0]
        let note = "Saw Dr Quimby about the knee"
        let marker = "IMG_4711-quimby.jpg"
        #expect(try person.run(["mood", "7", "--note", note]).status == 0)
        let events = """
            {"kind":"sample.recorded","start":"2026-03-01T08:00:00+01:00","source":{"name":"Quimby's Watch","device":"QuimbyPhone15,2"},\
            "payload":{"type":"HKQuantityTypeIdentifierRestingHeartRate","value":57,"unit":"count/min","metadata":{"file":"\(marker)"}}}
            """
        try (events + "\n").write(toFile: scene.root + "/events.jsonl", atomically: true, encoding: .utf8)
        let appended = try person.run(["append", "--jsonl", scene.root + "/events.jsonl"])
        #expect(appended.status == 0, "\(appended.stderr)")
        let bundle = try person.export()
        let dataset = scene.root + "/cohort"
        let built = try scene.build([bundle], into: dataset)
        #expect(built.status == 0, "\(built.stderr)")
        #expect((try CohortScene.outcomes(built).first?["rows"] as? [String: Int])?["samples"] ?? 0 > 0)

        let log = try person.run(["log", "--raw", "--json"]).stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        let opened = try #require(try JSONSerialization.jsonObject(with: Data(try CLI.run(["open", bundle, "--identity", person.identity, "--json"]).stdout.utf8)) as? [String: Any])
        let vault = try #require(opened["vault"] as? [String: Any])
        var secrets = [note, "Quimby", marker, "QuimbyPhone15,2", try #require(vault["id"] as? String), try #require(vault["publicKey"] as? String)]
        secrets += log.compactMap { $0["id"] as? String }
        for source in log.compactMap({ $0["source"] as? [String: Any] }) {
            secrets += [source["name"] as? String, source["device"] as? String].compactMap { $0 }
        }
        secrets += log.compactMap { ($0["payload"] as? [String: Any])?["note"] as? String }
        secrets = Array(Set(secrets.filter { $0.count >= 4 }))
        #expect(secrets.contains("Watch7,1") && secrets.contains("Apple Watch"), "the demo's devices are among what is searched for")

        var haystack = Data()
        for (path, data) in try CohortScene.contents(dataset) {
            haystack += Data(path.utf8)
            guard let data else { continue }
            haystack += data
            for frame in Self.zstdFrames(data) { haystack += frame }
        }
        #expect(haystack.count > 1_000)
        let text = String(decoding: haystack, as: UTF8.self)
        #expect(text.contains("HKQuantityTypeIdentifierRestingHeartRate"), "the pages were unpacked: their strings are searched")
        let found = secrets.filter { text.contains($0) }
        #expect(found.isEmpty, "the dataset holds \(found)")
    }

    /// The decompressed bytes of every zstd frame in `data` (each Parquet page is one).
    static func zstdFrames(_ data: Data) -> [Data] {
        let bytes = [UInt8](data)
        let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]
        var frames: [Data] = []
        var index = 0
        while index + 4 <= bytes.count {
            guard Array(bytes[index..<index + 4]) == magic else {
                index += 1
                continue
            }
            let (size, compressed) = bytes[index...].withUnsafeBytes { source in
                (ZSTD_getFrameContentSize(source.baseAddress, source.count), ZSTD_findFrameCompressedSize(source.baseAddress, source.count))
            }
            guard ZSTD_isError(compressed) == 0, size < 1 << 30 else {
                index += 1
                continue
            }
            var output = [UInt8](repeating: 0, count: Int(size))
            let written = output.withUnsafeMutableBytes { target in
                bytes[index..<index + compressed].withUnsafeBytes { ZSTD_decompress(target.baseAddress, target.count, $0.baseAddress, $0.count) }
            }
            if ZSTD_isError(written) == 0 { frames.append(Data(output[0..<written])) }
            index += compressed
        }
        return frames
    }
}
