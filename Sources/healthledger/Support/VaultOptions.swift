import ArgumentParser
import Foundation
import LedgerApplication
import LedgerCore
import LedgerCrypto
import LedgerStore

/// Which vault, and how to unlock it when the kernel keyring does not hold its key.
struct VaultOptions: ParsableArguments {
    @Option(help: "Vault folder (default: $HEALTHLEDGER_VAULT, else $XDG_DATA_HOME/healthledger).")
    var vault: String?

    @Option(help: "Read the passphrase from this file (first line) instead of asking.")
    var passphraseFile: String?

    @Option(help: "Unlock with this keyfile (if the vault has a keyfile slot).")
    var keyfile: String?

    @Option(help: "Read the recovery code from this file instead of a passphrase.")
    var recoveryCodeFile: String?

    var path: String {
        if let vault { return vault }
        let environment = ProcessInfo.processInfo.environment
        if let fromEnvironment = environment["HEALTHLEDGER_VAULT"], !fromEnvironment.isEmpty { return fromEnvironment }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? ".") + "/.local/share"
        return dataHome + "/healthledger"
    }

    /// How the key is found: a named secret as given, else the keyring's key, else asked for.
    var keySource: KeySource {
        if passphraseFile == nil, keyfile == nil, recoveryCodeFile == nil {
            return .keyring { try secret(prompt: "Passphrase for \(path): ") }
        }
        return .given { try secret(prompt: "Passphrase for \(path): ") }
    }

    func secret(prompt: String) throws -> VaultSecret {
        if let keyfile { return .keyfile(try SecretInput.file(keyfile, wholeFile: true)) }
        if let recoveryCodeFile { return .recoveryCode(try SecretInput.file(recoveryCodeFile)) }
        if let passphraseFile { return .passphrase(try SecretInput.file(passphraseFile)) }
        return .passphrase(try SecretInput.prompt(prompt))
    }

    /// The unlocked vault, first compared with the checkpoint this machine last saw it sign
    /// (`audit` makes that comparison itself, to report it with everything else).
    func application(checkingWitness: Bool = true) throws -> VaultApplication {
        let application = try VaultApplication.open(vault: path, key: keySource, checkingWitness: checkingWitness, viewsBehind: VaultApplication.viewsBehindOnStandardError)
        try buildTreeEdgesOnce(application.ledger)
        return application
    }

    /// The same vault's ledger, for commands that only read it or store through `application(_:)`.
    func openLedger(checkingWitness: Bool = true) throws -> Ledger {
        try application(checkingWitness: checkingWitness).ledger
    }

    /// The application over a ledger already open.
    func application(_ ledger: Ledger) -> VaultApplication {
        VaultApplication(ledger, viewsBehind: VaultApplication.viewsBehindOnStandardError)
    }

    /// Vaults made before the tree edges were kept get them once, from their records, so
    /// that `audit --since` need not hash everything before a kept checkpoint. A vault on
    /// read-only media keeps working without them (`audit --since` then hashes the records).
    private func buildTreeEdgesOnce(_ ledger: Ledger) throws {
        guard try ledger.treeEdgesMissing() else { return }
        let total = try ledger.count()
        FileHandle.standardError.write(Data("upgrading \(path): building the Merkle tree edges that `audit --since` starts from, once, from its \(total.formatted()) records\n".utf8))
        let progress = Progress("tree edges", total: Int(total))
        guard let rebuilt = try? ledger.rebuildTreeEdges(progress: { progress.update(Int($0)) }) else {
            FileHandle.standardError.write(Data("could not store them (read-only vault?): `audit --since` will hash the records before a checkpoint instead\n".utf8))
            return
        }
        progress.finish()
        FileHandle.standardError.write(Data("stored \(rebuilt.edges.formatted()) tree edges\n".utf8))
    }
}
