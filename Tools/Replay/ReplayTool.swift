import ArgumentParser
import Foundation
import LedgerApplication
import LedgerCrypto
import LedgerStore
import Projections

/// The replay tool: rebuild views after an algorithm changes (same as `healthledger replay`).
@main
struct ReplayTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ledger-replay",
        abstract: "Rebuild projections from sequence 0 into a shadow, report what changed, then switch atomically.")

    @Option(help: "The vault folder.") var vault: String
    @Option(help: "Read the passphrase from this file (else the key `healthledger unlock` keeps is used).") var passphraseFile: String?
    @Flag(help: "Only report what would change.") var dryRun = false
    @Argument(help: "Projections (default: all).") var names: [String] = []

    func run() throws {
        let key: KeySource
        if let passphraseFile {
            key = .given {
                guard var bytes = FileManager.default.contents(atPath: passphraseFile).map(Array.init) else {
                    throw ValidationError("cannot read \(passphraseFile)")
                }
                if let newline = bytes.firstIndex(of: 0x0a) { bytes.removeSubrange(newline...) }
                return .passphrase(SecretBytes(consuming: &bytes))
            }
        } else {
            key = .keyring { throw ValidationError("the vault is locked: pass --passphrase-file or run `healthledger unlock` first") }
        }
        // A replay folds every view itself: nothing is appended, so no view falls behind.
        let ledger = try VaultApplication.open(vault: vault, key: key) { _ in }.ledger
        let outcome = try VaultApplication.replay(names, ledger: ledger, dryRun: dryRun)
        if let rebuilt = outcome.storeIndexes {
            print("store indexes: rebuilt from \(rebuilt.indexed.formatted()) events (by kind, by day, by amended id, running activities, records two importers share)")
        }
        for report in outcome.views {
            print(report.summary)
            for line in report.details { print("  \(line)") }
        }
        if let rebuilt = outcome.treeEdges { print("tree edges: rebuilt from \(rebuilt.records.formatted()) records, \(rebuilt.edges.formatted()) edges") }
    }
}
