import ArgumentParser
import Foundation
import LedgerCore
import LedgerCrypto
import LedgerStore

struct Passwd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passwd",
        abstract: "Change the passphrase (re-wraps the master key; the log is not re-encrypted).")

    @OptionGroup var vault: VaultOptions

    @Option(help: "Read the new passphrase from this file instead of asking.", completion: .file())
    var newPassphraseFile: String?

    @Option(help: "Strength for the new passphrase: interactive, moderate or sensitive (default: the stored one, raised to at least moderate).", completion: .list(["interactive", "moderate", "sensitive"]))
    var kdf: String?

    @OptionGroup var output: JSONOutput

    func run() throws {
        // Held to the end: a second `passwd` waits, then needs the passphrase this one sets.
        var waited = false
        let lock = try VaultHeaderLock(vault: vault.path) {
            waited = true
            FileHandle.standardError.write(Data("waiting for another `passwd` on \(vault.path) to finish…\n".utf8))
        }
        defer { withExtendedLifetime(lock) {} }
        let header = try VaultHeader.read(vault: vault.path)
        let stored = header.slots.first { $0.kind == .passphrase }?.kdf
        // Without --kdf, a slot made weaker than today's default (an old vault, or `init --kdf
        // interactive`) is raised on the way: a passphrase change is when re-hashing is free.
        let parameters = try kdf.map(KDFChoice.parameters) ?? (stored.map { $0.atLeast(.moderate) } ?? .moderate)
        let master: MasterKey
        do {
            master = try VaultKeys.unlock(header, with: vault.secret(prompt: "Current passphrase: "))
        } catch where waited && ExitStatus.classify(error) == .wrongSecret {
            throw ExitStatus.Failure(status: .wrongSecret, message: "\(error): the other `passwd` changed the passphrase while this one waited")
        }
        let newPassphrase = try newPassphraseFile.map { try SecretInput.file($0) } ?? SecretInput.promptNew("New passphrase: ")
        try VaultKeys.rewrap(vault: vault.path, master: master, newSecret: .passphrase(newPassphrase), kdf: parameters)
        if output.json {
            var document: Document = ["vault": .string(vault.path), "changed": .string("passphrase"), "kdf": Self.document(parameters)]
            document.set("previousKDF", stored.map(Self.document))
            return output.print(document)
        }
        print("Passphrase changed for \(vault.path)")
        if let stored, stored != parameters, kdf == nil {
            print("Passphrase hashing raised to Argon2id opslimit \(parameters.opsLimit), memlimit \(parameters.memLimit >> 20) MiB (was \(stored.opsLimit), \(stored.memLimit >> 20) MiB)")
        }
    }

    /// Passphrase hashing parameters as the vault header stores them (memLimit in bytes).
    private static func document(_ parameters: KDFParameters) -> DocValue {
        .map(["algorithm": .string(parameters.algorithm), "opsLimit": .int(Int64(parameters.opsLimit)), "memLimit": .int(Int64(parameters.memLimit))])
    }
}

/// `--kdf NAME`: libsodium's Argon2id profiles by name.
enum KDFChoice {
    static func parameters(_ name: String) throws -> KDFParameters {
        guard let parameters = KDFParameters.named(name) else {
            throw ExitStatus.Failure(status: .invalidInput, message: "--kdf must be interactive, moderate or sensitive, not '\(name)'")
        }
        return parameters
    }
}
