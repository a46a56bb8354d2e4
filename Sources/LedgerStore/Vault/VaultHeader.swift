import Foundation
import LedgerCore
import LedgerCrypto
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
        guard FileManager.default.fileExists(atPath: file) else { throw LedgerStoreError.noVault(path: directory) }
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

    /// Writes the header atomically: a temporary file, fsync, rename, fsync of the folder.
    func write(vault directory: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let file = Self.path(in: directory)
        let temporary = file + ".tmp"
        do {
            try encoder.encode(self).write(to: URL(fileURLWithPath: temporary))
            try FileDurability.sync(path: temporary)
            guard rename(temporary, file) == 0 else { throw LedgerStoreError.io(path: file, reason: String(cString: strerror(errno))) }
            try FileDurability.sync(path: directory)
        } catch let error as LedgerStoreError {
            throw error
        } catch {
            throw LedgerStoreError.io(path: file, reason: error.localizedDescription)
        }
    }

    func slot(_ kind: KeySlot.Kind) -> KeySlot? { slots.first { $0.kind == kind } }
}

/// fsync for files and folders, so a rename survives a power cut.
enum FileDurability {
    static func sync(path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw LedgerStoreError.io(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw LedgerStoreError.io(path: path, reason: String(cString: strerror(errno))) }
    }
}
