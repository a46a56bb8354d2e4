import Foundation
import LedgerCore
import LedgerCrypto
import LedgerStore

/// A fresh vault in a temporary folder with a fast KDF.
final class ScratchVault {
    let directory: String
    let ledger: Ledger

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hl-vitals-\(UUID().uuidString)").path
        var phrase = Array("vitals".utf8)
        let (master, _) = try VaultKeys.create(at: directory, passphrase: SecretBytes(consuming: &phrase), kdf: .interactive)
        ledger = try Ledger(directory: directory, masterKey: master)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// Appends `payload` at `seconds` after 2026-01-01.
    @discardableResult
    func append<P: EventPayload>(_ payload: P, at seconds: Int64, id: EventID = .random()) throws -> Event {
        let event = Event(payload, id: id, start: Timestamp(micros: (1_767_225_600 + seconds) * 1_000_000), utcOffset: 3600)
        _ = try ledger.append([event])
        return event
    }
}
