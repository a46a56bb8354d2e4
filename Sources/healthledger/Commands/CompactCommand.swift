import ArgumentParser
import Foundation
import LedgerApplication
import LedgerStore

struct CompactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compact",
        abstract: "Rewrite the vault's file without its free pages (after `forget`, so erased bytes are gone from it).",
        discussion: "Needs the vault to itself: it refuses, changing nothing, while another healthledger command has it open.")
    @OptionGroup var vault: VaultOptions

    func run() throws {
        // The key is not needed to compact, but asking for it keeps the vault's owner the only
        // one who can rewrite its file.
        _ = try vault.keySource.masterKey(VaultHeader.read(vault: vault.path))
        print(Self.describe(try VaultCompaction.compact(directory: vault.path), vault: vault.path))
    }

    static func describe(_ report: VaultCompaction.Report, vault: String) -> String {
        "compacted \(vault)/data.mdb: \(report.bytesBefore) → \(report.bytesAfter) bytes"
    }
}
