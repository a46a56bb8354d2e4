import ArgumentParser
import Foundation
import LedgerCore
import LedgerCrypto
import LedgerStore

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "init", abstract: "Create a new vault, protected by a passphrase.")

    @OptionGroup var vault: VaultOptions

    @Option(help: "Also allow unlocking with this keyfile (created with 64 random bytes if missing).", completion: .file())
    var addKeyfile: String?

    @Option(help: "Passphrase hashing strength: interactive, moderate (default) or sensitive.", completion: .list(["interactive", "moderate", "sensitive"]))
    var kdf = "moderate"

    @Flag(help: "Create the vault folder's missing parent folders too.")
    var parents = false

    @Flag(help: "Accept a passphrase that is short or repetitive.")
    var weakPassphrase = false

    @OptionGroup var output: JSONOutput

    func run() throws {
        let parameters = try KDFChoice.parameters(kdf)
        try VaultFolder.checkNew(vault.path, explicit: vault.isExplicit, parents: parents)
        let passphrase = try vault.passphraseFile.map { try SecretInput.file($0) }
            ?? SecretInput.promptNew("New passphrase for \(vault.path): ")
        try PassphraseStrength.check(passphrase, allowWeak: weakPassphrase)
        let keyfile = try addKeyfile.map(Self.keyfile)
        let (master, recoveryCode) = try VaultKeys.create(at: vault.path, passphrase: passphrase, kdf: parameters, keyfile: keyfile)
        _ = try Ledger(directory: vault.path, masterKey: master)
        if output.json {
            // The recovery code goes where the text form shows it, once, on standard output.
            var document: Document = ["vault": .string(vault.path), "vaultID": .string(try VaultHeader.read(vault: vault.path).vaultID), "kdf": .string(kdf), "recoveryCode": .string(recoveryCode)]
            document.set("keyfile", addKeyfile.map(DocValue.string))
            return output.print(document)
        }
        let vaultFlag = vault.isExplicit ? " --vault \(vault.path)" : ""
        print("Created vault at \(vault.path)")
        print("Recovery code (shown once — write it down and keep it apart from the vault):")
        print("  \(recoveryCode)")
        print("It opens the vault if you forget the passphrase: put it in a file and run")
        print("  healthledger passwd\(vaultFlag) --recovery-code-file FILE   (then choose a new passphrase)")
        print("Next: `healthledger mood 7\(vaultFlag)` records an entry, `healthledger log\(vaultFlag)` lists them;")
        print("`healthledger unlock --ttl 15m\(vaultFlag)` keeps the vault open for a while; `healthledger --help` shows the rest.")
    }

    /// Reads an existing keyfile, or makes one readable only by this user.
    static func keyfile(_ path: String) throws -> SecretBytes {
        if !FileManager.default.fileExists(atPath: path) {
            var bytes = secureRandomBytes(64)
            defer { wipe(&bytes) }
            do {
                let descriptor = try OwnerOnlyFile.open(path, existing: .refuse)
                defer { close(descriptor) }
                do {
                    try WriteAll.write(bytes, to: descriptor)
                } catch {
                    unlink(path)
                    throw error
                }
            } catch {
                throw ExitStatus.Failure(status: .ioError, message: "cannot create keyfile \(path)")
            }
        }
        return try SecretInput.file(path, wholeFile: true)
    }
}
