import Foundation

/// What `healthledger` alone says: with no vault yet, the five commands that start one
/// (not the whole help, which never mentions that `init` comes first).
enum QuickStart {
    static func lines(vault: String) -> [String] {
        [
            "No vault at \(vault) yet. To begin:",
            "  healthledger init            create it: choose a passphrase, keep the recovery code it prints",
            "  healthledger mood 7          record an entry (take, eat, weigh, start, stop… likewise)",
            "  healthledger log             list what is stored; `healthledger show N` shows one entry",
            "  healthledger demo            or try everything first on a generated vault; --help lists every command",
        ]
    }

    static func vaultExists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/vault.json")
    }
}
