import Foundation
import LedgerCore
public import LedgerCrypto
import Migrations

/// `vault.json`: the public part of a vault — nothing in it is secret.
public struct VaultHeader: Codable, Sendable {
    public var format: Int
    public var vaultID: String
    public var createdAt: String
    /// The checkpoint origin line, `healthledger.local/vault/<id>`.
    public var origin: String
    public var signingPublicKey: String
    public var slots: [KeySlot]

    public var vaultIDBytes: [UInt8] { Hex.decode(vaultID) ?? [] }
    public var publicKeyBytes: [UInt8] { Hex.decode(signingPublicKey) ?? [] }

    static func path(in directory: String) -> String { directory + "/vault.json" }

    /// Reads and checks the header; refuses formats newer than this build.
    public static func read(vault directory: String) throws -> VaultHeader {
        let file = path(in: directory)
        guard FileManager.default.fileExists(atPath: file) else {
            // A folder with the log but no header is a vault that lost its keys, not an empty
            // place: `init` there would make a new key that opens none of the events.
            if let existing = VaultFiles.existing(in: directory).first {
                throw LedgerStoreError.corruptHeader(
                    path: directory,
                    reason: "it is missing, but the folder holds the vault's \(existing): restore vault.json from a backup of this vault; `init` here would not bring the events back")
            }
            throw LedgerStoreError.noVault(path: directory)
        }
        let header: VaultHeader
        do {
            header = try JSONDecoder().decode(VaultHeader.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
        } catch {
            throw LedgerStoreError.corruptHeader(path: directory, reason: "not valid JSON for a vault header")
        }
        do {
            try VaultFormat.check(header.format)
        } catch {
            throw LedgerStoreError.newerFormat(path: directory, found: header.format, supported: VaultFormat.current)
        }
        guard header.vaultIDBytes.count == 16, header.publicKeyBytes.count == 32 else {
            throw LedgerStoreError.corruptHeader(path: directory, reason: "vault id or signing key has the wrong length")
        }
        return header
    }

    /// Writes the header atomically: a temporary file of its own (owner-only), fsync,
    /// rename, fsync of the folder. On any failure the temporary file is removed; a full
    /// disk is reported as such.
    func write(vault directory: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let file = Self.path(in: directory)
        let bytes: Data
        do {
            bytes = try encoder.encode(self)
        } catch {
            throw LedgerStoreError.io(path: file, reason: error.localizedDescription)
        }
        do {
            try PrivateFile.write([UInt8](bytes), to: file, durability: .synced)
        } catch {
            throw LedgerStoreError.failed(error)
        }
    }

    /// Removes temporary headers a killed writer left (`.vault.json.*.tmp`, and the
    /// `vault.json.*.tmp` and fixed `vault.json.tmp` of earlier versions); call only while
    /// holding `VaultHeaderLock`.
    static func removeLeftovers(vault directory: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where PrivateFile.isTemporary(name, of: "vault.json") || (name.hasPrefix("vault.json.") && name.hasSuffix(".tmp")) {
            try? FileManager.default.removeItem(atPath: directory + "/" + name)
        }
    }

    func slot(_ kind: KeySlot.Kind) -> KeySlot? { slots.first { $0.kind == kind } }
}
