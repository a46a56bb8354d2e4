import ArgumentParser
import LedgerCrypto
import LedgerStore

struct Passwd: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Change the passphrase (re-wraps the master key; the log is not re-encrypted).")

    @OptionGroup var vault: VaultOptions

    @Option(help: "Read the new passphrase from this file instead of asking.")
    var newPassphraseFile: String?

    @Option(help: "Strength for the new passphrase: interactive, moderate (default) or sensitive.")
    var kdf = "moderate"

    func run() throws {
        let parameters = try KDFChoice.parameters(kdf)
        let header = try VaultHeader.read(vault: vault.path)
        let master = try VaultKeys.unlock(header, with: vault.secret(prompt: "Current passphrase: "))
        let newPassphrase = try newPassphraseFile.map { try SecretInput.file($0) } ?? SecretInput.promptNew("New passphrase: ")
        try VaultKeys.rewrap(vault: vault.path, master: master, newSecret: .passphrase(newPassphrase), kdf: parameters)
        print("Passphrase changed for \(vault.path)")
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
