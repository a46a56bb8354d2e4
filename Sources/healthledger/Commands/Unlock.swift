import ArgumentParser
import LedgerApplication
import LedgerCore
import LedgerCrypto
import LedgerStore

struct Unlock: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock",
        abstract: "Keep the vault key in the kernel keyring for a while, so commands skip the passphrase.")

    @OptionGroup var vault: VaultOptions

    @Option(help: "How long to stay unlocked: 90s, 15m, 1h30m, at most 24h.")
    var ttl = "15m"

    @OptionGroup var output: JSONOutput

    func run() throws {
        let seconds = try EntryTiming.seconds(ttl, flag: "--ttl")
        guard seconds > 0 else {
            throw ExitStatus.Failure(status: .invalidInput, message: "--ttl \(ttl) must be positive")
        }
        guard seconds <= Int64(KernelKeyring.maximumTTLSeconds) else {
            throw ExitStatus.Failure(status: .invalidInput, message: "--ttl \(ttl) is longer than the 24h maximum; give 24h or less and run `unlock` again when it runs out")
        }
        let header = try VaultHeader.read(vault: vault.path)
        let master = try VaultKeys.unlock(header, with: vault.secret(prompt: "Passphrase for \(vault.path): "))
        try KernelKeyring.store(master, vaultID: header.vaultID, ttlSeconds: UInt32(seconds))
        guard output.json else { return print("Unlocked \(vault.path) for \(ttl)") }
        // Whole seconds: the keyring's timeout has no finer grain.
        let expires = Timestamp(micros: (Timestamp.now().micros / 1_000_000 + seconds) * 1_000_000)
        output.print(["vault": .string(vault.path), "ttlSeconds": .int(seconds), "expires": .string(expires.iso8601(utcOffset: 0))])
    }
}

struct Lock: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "lock", abstract: "Drop the vault key from the kernel keyring.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: JSONOutput

    func run() throws {
        let header = try VaultHeader.read(vault: vault.path)
        let wasUnlocked = KernelKeyring.remove(vaultID: header.vaultID)
        guard output.json else { return print(wasUnlocked ? "Locked \(vault.path)" : "\(vault.path) was not unlocked") }
        output.print(["vault": .string(vault.path), "wasUnlocked": .bool(wasUnlocked)])
    }
}
