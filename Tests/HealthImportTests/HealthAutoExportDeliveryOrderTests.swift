import Foundation
import LedgerCore
import LedgerStore
import Projections
import PropertyBased
import Testing
import TestSupport
@testable import HealthImport

/// Issue 42: of two deliveries of one bucket with different values, the later delivered wins,
/// whichever is imported first; a delivery is compared with the delivery of the value held,
/// never with when that value was committed.
@Suite struct HealthAutoExportDeliveryOrderTests {
    /// A file of the 08:00 step bucket with `steps`, and the 09:00 one, which every delivery sends alike.
    static func delivery(steps: Double) -> HealthAutoExportPayload {
        var payload = HealthAutoExportPayload()
        payload.add("step_count", "count", "2024-03-10 08:00:00 +0800", qty: steps)
        payload.add("step_count", "count", "2024-03-10 09:00:00 +0800", qty: 100)
        return payload
    }

    /// Writes `payload` into `folder` as delivered (last modified) at `delivered`.
    static func file(_ payload: HealthAutoExportPayload, in folder: String, name: String, delivered: Date) throws -> String {
        let path = try payload.write(to: folder, name: name)
        try FileManager.default.setAttributes([.modificationDate: delivered], ofItemAtPath: path)
        return path
    }

    static func import_(_ path: String, into ledger: Ledger) throws -> ImportSummary {
        try HealthAutoExportFolder(input: path, ledger: ledger).run(into: ledger)
    }

    static func steps(_ vault: ScratchVault) throws -> Double? { try HealthAutoExportDailyTests.daily(vault)[1]["step_count"] }

    static func temporaryFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("hae-order-\(UUID().uuidString)").path
    }

    @Test("two files written before any import, A older than B: B's value is the day's, imported B then A or A then B",
          arguments: [["B", "A"], ["A", "B"]])
    func theNewerFileWinsInEitherOrder(order: [String]) throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = [
            "A": try Self.file(Self.delivery(steps: 400), in: folder, name: "A.json", delivered: Date().addingTimeInterval(-120)),
            "B": try Self.file(Self.delivery(steps: 452), in: folder, name: "B.json", delivered: Date().addingTimeInterval(-60)),
        ]
        let vault = try ScratchVault()
        let summaries = try order.map { try Self.import_(files[$0]!, into: vault.ledger) }
        #expect(try Self.steps(vault) == 552, "imported \(order)")
        if order == ["A", "B"] {
            #expect(summaries[1].appended == 1, "B corrects A's bucket")
        } else {
            #expect(summaries[1].appended == 0 && summaries[1].skippedTotal == 1, "A, older, is skipped and counted")
        }
    }

    @Test("files delivered in any order of age and imported in any order: the newest delivery's value is the day's, and importing them all again stores nothing")
    func theNewestDeliveryWinsWhateverTheOrder() async {
        await propertyCheck(count: 12, input: Gen.shuffled(0..<4), Gen.shuffled(0..<4)) { ages, order in
            do {
                let folder = Self.temporaryFolder()
                defer { try? FileManager.default.removeItem(atPath: folder) }
                // File i sends 100 × (i + 1) steps; ages[i] minutes before now it was delivered. All are written first.
                let written = Date()
                let paths = try (0..<4).map { index in
                    try Self.file(Self.delivery(steps: Double(100 * (index + 1))), in: folder, name: "export-\(index).json",
                                  delivered: written.addingTimeInterval(-60 * Double(ages[index] + 1)))
                }
                let vault = try ScratchVault()
                for index in order { _ = try Self.import_(paths[index], into: vault.ledger) }
                let newest = ages.firstIndex(of: 0)!
                #expect(try Self.steps(vault) == Double(100 * (newest + 1) + 100), "ages \(ages), imported in order \(order)")
                let again = try Self.import_(folder, into: vault.ledger)
                #expect(again.appended == 0, "ages \(ages), imported in order \(order): the folder again stored \(again.appended)")
                #expect(try Self.steps(vault) == Double(100 * (newest + 1) + 100))
            } catch {
                Issue.record("ages \(ages), order \(order): \(error)")
            }
        }
    }

    @Test("each stored bucket carries its delivery: the file's modification time, to the microsecond, in UTC")
    func storedBucketsCarryTheirDelivery() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let delivered = Date(timeIntervalSince1970: 1_710_000_000.25)
        let vault = try ScratchVault()
        _ = try Self.import_(try Self.file(Self.delivery(steps: 400), in: folder, name: "a.json", delivered: delivered), into: vault.ledger)
        var stamps: [String?] = []
        try vault.ledger.forEach { stored in
            stamps.append(try stored.event.decode(SampleRecorded.self).metadata[HealthAutoExportDeliveryStamp.key])
            return true
        }
        #expect(stamps == ["2024-03-09T16:00:00.25Z", "2024-03-09T16:00:00.25Z"])
    }

    @Test("a request's buckets carry when the listener received it")
    func requestsCarryTheirReceipt() throws {
        let vault = try ScratchVault()
        let received = Timestamp(micros: 1_710_000_000_250_000)
        var events: [Event] = []
        _ = try HealthAutoExportDelivery(text: Self.delivery(steps: 400).json, from: "request body", delivered: received, ledger: vault.ledger) { events += $0 }
        #expect(events.map { HealthAutoExportDeliveryStamp.delivered(in: $0.payload, kind: $0.kind) } == [received, received])
    }

    /// Stores the file's buckets without a delivery stamp, as versions before it did.
    static func storeUnstamped(_ payload: HealthAutoExportPayload, into ledger: Ledger) throws {
        var summary = ImportSummary()
        let events = try HealthAutoExportFile(path: "old.json", identity: ImportIdentity(ledger: ledger)).events(parsing: payload.json, summary: &summary)
        try #require(events.allSatisfy { HealthAutoExportDeliveryStamp.delivered(in: $0.payload, kind: $0.kind) == nil })
        try ledger.append(events)
    }

    @Test("a bucket an earlier version stored, without a delivery, counts as delivered when it was committed")
    func unstampedBucketsCountAsDeliveredWhenCommitted() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let vault = try ScratchVault()
        try Self.storeUnstamped(Self.delivery(steps: 400), into: vault.ledger)
        let older = try Self.import_(try Self.file(Self.delivery(steps: 452), in: folder, name: "older.json", delivered: Date().addingTimeInterval(-60)), into: vault.ledger)
        #expect(older.appended == 0 && older.skippedTotal == 1)
        #expect(try Self.steps(vault) == 500)
        let newer = try Self.import_(try Self.file(Self.delivery(steps: 452), in: folder, name: "newer.json", delivered: Date().addingTimeInterval(60)), into: vault.ledger)
        #expect(newer.appended == 1)
        #expect(try Self.steps(vault) == 552)
    }

    @Test("a bucket a person corrected counts as delivered when corrected: a file written before that does not undo it")
    func aPersonsCorrectionOutranksOlderFiles() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        _ = try Self.import_(try Self.file(Self.delivery(steps: 400), in: folder, name: "first.json", delivered: Date().addingTimeInterval(-120)), into: ledger)
        // As `correct @ID value=…` does: the current payload (its stamp too) with the value changed.
        let held = try #require(try ledger.currentEvents(ofKinds: [.sampleRecorded]).first { try $0.event.decode(SampleRecorded.self).value == 400 })
        var payload = held.event.payload
        payload["value"] = .double(420)
        let correction = EventCorrected(target: held.event.id, payloadSchema: held.event.schema, payload: payload, reason: "counted by hand")
        try ledger.append([Event(correction, start: held.event.start, utcOffset: held.event.utcOffset, source: .cli, causation: held.event.id)])

        let written = try Self.import_(try Self.file(Self.delivery(steps: 452), in: folder, name: "second.json", delivered: Date().addingTimeInterval(-60)), into: ledger)
        #expect(written.appended == 0 && written.skippedTotal == 1)
        #expect(try Self.steps(vault) == 520)
    }
}
