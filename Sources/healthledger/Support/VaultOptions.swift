import ArgumentParser
import Foundation
import LedgerCore
import LedgerCrypto
import LedgerStore

/// Which vault, and how to unlock it when the kernel keyring does not hold its key.
struct VaultOptions: ParsableArguments {
    @Option(help: "Vault folder (default: $HEALTHLEDGER_VAULT, else $XDG_DATA_HOME/healthledger).", completion: .directory)
    var vault: String?

    @Option(help: "Read the passphrase from this file (first line; - reads standard input) instead of asking.", completion: .file())
    var passphraseFile: String?

    @Option(help: "Unlock with this keyfile (if the vault has a keyfile slot).", completion: .file())
    var keyfile: String?

    @Option(help: "Read the recovery code from this file instead of a passphrase.", completion: .file())
    var recoveryCodeFile: String?

    /// Whether the person chose the folder (`--vault` or `$HEALTHLEDGER_VAULT`) rather than taking the default.
    var isExplicit: Bool {
        vault != nil || !(ProcessInfo.processInfo.environment["HEALTHLEDGER_VAULT"] ?? "").isEmpty
    }

    var path: String {
        if let vault { return vault }
        let environment = ProcessInfo.processInfo.environment
        if let fromEnvironment = environment["HEALTHLEDGER_VAULT"], !fromEnvironment.isEmpty { return fromEnvironment }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? ".") + "/.local/share"
        return dataHome + "/healthledger"
    }

    /// The master key: from the keyring when `unlock` put it there, else from a given secret, else asked.
    func masterKey(_ header: VaultHeader) throws -> MasterKey {
        if passphraseFile == nil, keyfile == nil, recoveryCodeFile == nil,
           let held = KernelKeyring.load(vaultID: header.vaultID) {
            return held
        }
        return try VaultKeys.unlock(header, with: secret(prompt: "Passphrase for \(path): "))
    }

    func secret(prompt: String) throws -> VaultSecret {
        if let keyfile { return .keyfile(try SecretInput.file(keyfile, wholeFile: true)) }
        if let recoveryCodeFile { return .recoveryCode(try SecretInput.file(recoveryCodeFile)) }
        if let passphraseFile { return .passphrase(try SecretInput.file(passphraseFile)) }
        return .passphrase(try SecretInput.prompt(prompt))
    }

    /// The unlocked vault, first compared with the checkpoint this machine last saw it sign
    /// (`audit` makes that comparison itself, to report it with everything else).
    func openLedger(checkingWitness: Bool = true) throws -> Ledger {
        let header = try VaultHeader.read(vault: path)
        let ledger = try Ledger(directory: path, masterKey: masterKey(header))
        ledger.witness = CheckpointWitness.forVault(in: path, header: header)
        if checkingWitness { try ledger.checkWitness() }
        return ledger
    }
}
