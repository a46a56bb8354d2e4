import ArgumentParser
import Foundation
import LedgerCrypto
import LedgerStore

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create a new vault, protected by a passphrase.")

    @OptionGroup var vault: VaultOptions

    @Option(help: "Also allow unlocking with this keyfile (created with 64 random bytes if missing).")
    var addKeyfile: String?

    @Option(help: "Passphrase hashing strength: interactive, moderate (default) or sensitive.")
    var kdf = "moderate"

    func run() throws {
        let parameters = try KDFChoice.parameters(kdf)
        let passphrase = try vault.passphraseFile.map { try SecretInput.file($0) }
            ?? SecretInput.promptNew("New passphrase for \(vault.path): ")
        let keyfile = try addKeyfile.map(Self.keyfile)
        let (master, recoveryCode) = try VaultKeys.create(at: vault.path, passphrase: passphrase, kdf: parameters, keyfile: keyfile)
        _ = try Ledger(directory: vault.path, masterKey: master)
        print("Created vault at \(vault.path)")
        print("Recovery code (shown once — write it down and keep it apart from the vault):")
        print("  \(recoveryCode)")
    }

    /// Reads an existing keyfile, or makes one readable only by this user.
    static func keyfile(_ path: String) throws -> SecretBytes {
        if !FileManager.default.fileExists(atPath: path) {
            var bytes = secureRandomBytes(64)
            defer { wipe(&bytes) }
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
                throw ExitStatus.Failure(status: .ioError, message: "cannot create keyfile \(path)")
            }
        }
        return try SecretInput.file(path, wholeFile: true)
    }
}
