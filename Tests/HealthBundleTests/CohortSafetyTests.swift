import Cohort
import Foundation
import LedgerCore
import LedgerCrypto
import LedgerStore
import Synchronization
import Testing
@testable import HealthBundle
import Zip

/// What bundles and concurrent builds cannot do to a cohort dataset (issue 40, cases 4, 5, 13).
@Suite struct CohortSafetyTests {
    static func scratchFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hl-cohort-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    static func participants(in dataset: String) throws -> [String] {
        let data = try #require(FileManager.default.contents(atPath: dataset + "/_cohort.json"))
        let state = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (state["participants"] as? [String: Any] ?? [:]).keys.sorted()
    }

    /// `bytes` (a bundle) re-signed by a key of the forger's own, claiming the same vault.
    static func forged(_ bytes: [UInt8], manifest: BundleManifest) throws -> (bytes: [UInt8], key: [UInt8]) {
        let forger = SigningKey(seed: SecretBytes.random(32))
        let real = try SignedCheckpoint.parse(note: try #require(manifest.checkpoint), publicKey: manifest.publicKeyBytes)
        var document = manifest.document
        var vault = try #require(try document.optionalDocument("vault"))
        vault["publicKey"] = .string(Data(forger.publicKey).base64EncodedString())
        document["vault"] = .map(vault)
        document["checkpoint"] = .string(
            SignedCheckpoint.sign(origin: real.origin, size: real.size, rootHash: real.rootHash, key: forger).note(publicKey: forger.publicKey))
        let manifestBytes = Array(JSONWriter.string(document).utf8)
        let signature = Array(Data(forger.sign(manifestBytes)).base64EncodedString().utf8)
        let rewritten = try BundleVerificationTests.rewrite(bytes) { name, content in
            switch name {
            case BundleLayout.manifest: manifestBytes
            case BundleLayout.signature: signature
            default: content
            }
        }
        return (rewritten, forger.publicKey)
    }

    /// Before, the first key seen for a vault id was pinned for good: a forger's bundle
    /// naming a participant's vault made that participant's own bundles refused, with no way
    /// out but rebuilding the whole dataset.
    @Test func aForgedSignerIsNamedAndTheResearcherCanReplaceIt() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let dataset = folder + "/dataset"
        let key = StudyKey.generate()
        let (real, manifest) = try BundleFixture().export()
        let (forged, forgerKey) = try Self.forged(real, manifest: manifest)
        #expect(throws: Never.self) { _ = try BundleReader().read(MemoryStream(forged)) }

        // One builder at a time: each holds the dataset's lock until it is released.
        let participant: String
        do {
            let first = try CohortBuilder(directory: dataset, key: key, shiftDates: false, force: false)
            let taken = try first.add(bundle: "forged.age") { MemoryStream(forged) }
            #expect(taken.action == .created)
            #expect(taken.signer == Data(forgerKey).base64EncodedString(), "the key is shown for the researcher to compare")
            let refusal = #expect(throws: CohortError.self) { try first.add(bundle: "real.age") { MemoryStream(real) } }
            let message = refusal.map { "\($0)" } ?? ""
            #expect(message.contains(taken.participant) && message.contains(manifest.publicKey), "\(message)")
            #expect(message.contains("--replace-participant \(taken.participant)"), "\(message)")
            try first.finish()
            participant = taken.participant
        }
        do {
            let confirmed = try CohortBuilder(directory: dataset, key: key, shiftDates: false, force: false, replacing: [participant])
            #expect(try confirmed.add(bundle: "real.age") { MemoryStream(real) }.action == .rebuilt)
            try confirmed.finish()
        }
        let later = try CohortBuilder(directory: dataset, key: key, shiftDates: false, force: false)
        #expect(throws: CohortError.self, "the forger's key is now the one refused") { try later.add(bundle: "forged.age") { MemoryStream(forged) } }
        #expect(try later.add(bundle: "real.age") { MemoryStream(real) }.action == .unchanged)
    }

    /// Before, a second build of the same dataset read the state before the first wrote it
    /// (and removed the first's staging folder): one participant's rows stayed on disk while
    /// `_cohort.json` no longer named them.
    @Test func twoBuildsOfOneDatasetTakeTurns() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let dataset = folder + "/dataset"
        let key = StudyKey.generate()
        let firstBundle = try BundleFixture().export().bytes
        let secondBundle = try BundleFixture().export().bytes

        var first: CohortBuilder? = try CohortBuilder(directory: dataset, key: key, shiftDates: false, force: false)
        let waited = Shared(false)
        let failure = Shared<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        let second = Thread {
            do {
                let builder = try CohortBuilder(directory: dataset, key: key, shiftDates: false, force: false) { waited.set(true) }
                _ = try builder.add(bundle: "second.age") { MemoryStream(secondBundle) }
                try builder.finish()
            } catch {
                failure.set("\(error)")
            }
            done.signal()
        }
        second.start()
        // The second build starts while the first holds the dataset.
        Thread.sleep(forTimeInterval: 0.5)
        _ = try first?.add(bundle: "first.age") { MemoryStream(firstBundle) }
        try first?.finish()
        first = nil
        #expect(done.wait(timeout: .now() + 120) == .success)
        #expect(failure.value == nil)
        #expect(waited.value, "the second build said it waited")
        let participants = try Self.participants(in: dataset)
        #expect(participants.count == 2, "both builds' participants are in the state: \(participants)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: dataset).filter { $0.hasPrefix("participant=") }
        #expect(folders.count == 2)
    }

    /// A zip holding only an `events.jsonl` of one line of `length` bytes: a megabyte or so
    /// compressed, for anyone who can encrypt to the study's key.
    static func oneLongLine(_ length: Int) throws -> [UInt8] {
        let sink = MemoryStream()
        let writer = ZipStreamWriter(sink: sink, modified: (2026, 3, 14, 9, 0, 0))
        try writer.add(BundleLayout.events, [UInt8](repeating: 0x20, count: length) + [0x0a])
        try writer.finish()
        return sink.bytes
    }

    /// Before, the line grew in memory until it ended (1.4 GB for a 2 GiB line, before the
    /// signature was known); now the read stops once the line passes any event's size.
    @Test func aLineLongerThanAnyEventIsRefusedWhileItIsRead() throws {
        let bytes = try Self.oneLongLine(LineSplitter.maximumLineLength + (1 << 20))
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let builder = try CohortBuilder(directory: folder + "/dataset", key: StudyKey.generate(), shiftDates: false, force: false)
        let cohortError = #expect(throws: CohortError.self) { try builder.add(bundle: "long.age") { MemoryStream(bytes) } }
        #expect(cohortError.map { "\($0)" }?.contains("events.jsonl line 1 is longer than 128 MiB") == true, "\(cohortError.map { "\($0)" } ?? "")")

        let target = try BundleFixture(empty: true)
        let importError = #expect(throws: BundleError.self) { try BundleImporter(ledger: target.ledger).run(expectedSigner: nil) { MemoryStream(bytes) } }
        #expect(importError?.message.contains("events.jsonl line 1 is longer than 128 MiB") == true, "\(importError?.message ?? "")")
        #expect(try target.ledger.count() == 0)
    }
}

/// A value two threads share, behind a lock.
final class Shared<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    var value: Value { mutex.withLock { $0 } }

    func set(_ value: Value) { mutex.withLock { $0 = value } }
}
