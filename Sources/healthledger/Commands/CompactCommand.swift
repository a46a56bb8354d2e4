import ArgumentParser
import Foundation
import LedgerApplication
import LedgerCore
import LedgerStore

struct CompactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compact",
        abstract: "Rewrite the vault's file without its free pages (after `forget`, so erased bytes are gone from it).",
        discussion: "Needs the vault to itself: it refuses, changing nothing, while another healthledger command has it open.")
    @Flag(help: "Print the sizes as one JSON object.") var json = false
    @OptionGroup var vault: VaultOptions

    func run() throws {
        // The key is not needed to compact, but asking for it keeps the vault's owner the only
        // one who can rewrite its file.
        _ = try vault.keySource.masterKey(VaultHeader.read(vault: vault.path))
        let report = try VaultCompaction.compact(directory: vault.path)
        if json {
            print(JSONWriter.string(Document([
                ("file", .string(vault.path + "/data.mdb")), ("bytesBefore", .int(Int64(report.bytesBefore))), ("bytesAfter", .int(Int64(report.bytesAfter))),
            ])))
        } else {
            print(Self.describe(report, vault: vault.path))
        }
    }

    static func describe(_ report: VaultCompaction.Report, vault: String) -> String {
        "compacted \(vault)/data.mdb: \(report.bytesBefore) → \(report.bytesAfter) bytes"
    }
}
