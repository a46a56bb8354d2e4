import Foundation
import LedgerCore
import LedgerCrypto
@testable import LedgerStore

/// A fresh vault in a temporary folder, with a fast KDF, removed when the value goes.
final class TestVault {
    let directory: String
    let master: MasterKey
    let recoveryCode: String
    static let passphrase = "correct horse battery staple"

    init(mapSize: Int = Ledger.defaultMapSize) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hl-test-\(UUID().uuidString)").path
        var phrase = Array(Self.passphrase.utf8)
        (master, recoveryCode) = try VaultKeys.create(at: directory, passphrase: SecretBytes(consuming: &phrase), kdf: .interactive)
        self.mapSize = mapSize
    }

    private let mapSize: Int

    func open() throws -> Ledger { try Ledger(directory: directory, masterKey: master, mapSize: mapSize) }

    deinit { try? FileManager.default.removeItem(atPath: directory) }
}

/// Realistic-looking samples: heart rate readings a minute apart from a watch.
func heartRateEvents(count: Int, startingAt start: Int64 = 1_767_225_600_000_000) -> [Event] {
    (0..<count).map { index in
        Event(
            kind: .sampleRecorded, schema: 1, start: Timestamp(micros: start + Int64(index) * 60_000_000),
            end: Timestamp(micros: start + Int64(index) * 60_000_000 + 5_000_000), utcOffset: 3600,
            source: Source(name: "Apple Watch", device: "Watch6,2", version: "10.1"),
            payload: ["type": .string("HKQuantityTypeIdentifierHeartRate"), "value": .double(Double(55 + index % 40)), "unit": .string("count/min")])
    }
}
