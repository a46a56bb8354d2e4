import Foundation
import LedgerCore
public import LedgerCrypto
public import LedgerStore

/// A fresh vault in a temporary folder, with a fast KDF, removed when the value goes.
///
/// `ledger` is the one most tests share, opened on first use; tests of opening and
/// reopening call `open()` for ledgers of their own.
public final class ScratchVault {
    public static let passphrase = "scratch vault passphrase"
    public let directory: String
    public let master: MasterKey
    public let recoveryCode: String
    private let mapSize: Int
    private var shared: Ledger?
    private let opening = NSLock()

    public init(mapSize: Int = Ledger.defaultMapSize) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hl-vault-\(UUID().uuidString)").path
        var phrase = Array(Self.passphrase.utf8)
        (master, recoveryCode) = try VaultKeys.create(at: directory, passphrase: SecretBytes(consuming: &phrase), kdf: .interactive)
        self.mapSize = mapSize
    }

    /// A ledger of its own over this vault.
    public func open() throws -> Ledger { try Ledger(directory: directory, masterKey: master, mapSize: mapSize) }

    /// The ledger this vault's tests share.
    public var ledger: Ledger {
        get throws {
            try opening.withLock {
                if let shared { return shared }
                let ledger = try open()
                shared = ledger
                return ledger
            }
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }
}
