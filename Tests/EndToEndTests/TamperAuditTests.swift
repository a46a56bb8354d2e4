import Foundation
import Testing
import TestSupport

/// A vault of 10,000 events, tampered with by someone without the key: audit names the place.
@Suite(.serialized) struct TamperAuditTests {
    static let size: UInt64 = 10_000

    static func filledVault() throws -> CLIVault {
        let vault = try CLIVault()
        var lines = ""
        for index in 0..<Int(size) {
            let minute = index % 60, hour = (index / 60) % 24, day = 1 + index / 1440
            lines += #"{"kind":"sample.recorded","start":"2026-02-\#(String(format: "%02d", day))T\#(String(format: "%02d", hour)):\#(String(format: "%02d", minute)):00+01:00","source":{"name":"Apple Watch"},"payload":{"type":"HKQuantityTypeIdentifierHeartRate","value":\#(50 + index % 50),"unit":"count/min"}}"# + "\n"
        }
        try vault.ok(["append", "--jsonl", "-"], stdin: lines)
        return vault
    }

    func audit(_ vault: CLIVault) throws -> CLI.Result {
        try vault.run(["audit"])
    }

    @Test func aCleanVaultAuditsClean() throws {
        let vault = try Self.filledVault()
        let result = try audit(vault)
        #expect(result.status == 0)
        #expect(result.stdout.contains("audited 10000 records"))
        #expect(result.stdout.contains("audit clean"))
    }

    @Test func oneFlippedByteIsNamedBySequence() throws {
        let vault = try Self.filledVault()
        try VaultTampering(path: vault.path).flipByte(ofRecord: 6_543)
        let result = try audit(vault)
        #expect(result.status == 10)
        #expect(result.stdout.contains("PROBLEM modified at sequence 6543:"), "\(result.stdout)")
        #expect(result.stdout.components(separatedBy: "PROBLEM").count == 2, "only that record is named: \(result.stdout)")
    }

    @Test func aDeletedRecordIsNamedMissing() throws {
        let vault = try Self.filledVault()
        try VaultTampering(path: vault.path).delete(4_321)
        let result = try audit(vault)
        #expect(result.status == 10)
        #expect(result.stdout.contains("PROBLEM missing at sequence 4321:"), "\(result.stdout)")
    }

    @Test func swappedRecordsAreNamedReordered() throws {
        let vault = try Self.filledVault()
        try VaultTampering(path: vault.path).swap(100, 103)
        let result = try audit(vault)
        #expect(result.status == 10)
        #expect(result.stdout.contains("PROBLEM reordered at sequence 100: holds the record sealed for sequence 103"), "\(result.stdout)")
        #expect(result.stdout.contains("PROBLEM reordered at sequence 103: holds the record sealed for sequence 100"), "\(result.stdout)")
    }

    @Test func anInsertedRecordIsNamed() throws {
        let vault = try Self.filledVault()
        try VaultTampering(path: vault.path).insert(copyOf: 10, at: 9_000, count: Self.size)
        let result = try audit(vault)
        #expect(result.status == 10)
        #expect(result.stdout.contains("PROBLEM inserted at sequence 9000: 1 record(s) inserted: sequences 9001–10000"), "\(result.stdout)")
    }

    @Test func cuttingRecordsOffTheEndIsNamedTruncated() throws {
        let vault = try Self.filledVault()
        let tampering = VaultTampering(path: vault.path)
        try tampering.delete(9_999)
        try tampering.delete(9_998)
        let result = try audit(vault)
        #expect(result.status == 10)
        #expect(result.stdout.contains("PROBLEM truncated at sequences 9998–9999"), "\(result.stdout)")
    }

    @Test func aTruncatedDataFileIsRefusedWithoutCrashing() throws {
        let vault = try Self.filledVault()
        let file = vault.path + "/data.mdb"
        let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as! Int
        #expect(truncate(file, off_t(size / 2)) == 0)
        let result = try audit(vault)
        #expect(result.status == 12)
        #expect(result.stderr.contains("data.mdb is truncated"), "\(result.stderr)")
    }
}
