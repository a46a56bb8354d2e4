import CLMDB
import Foundation
@testable import LedgerStore
import LedgerCore
import LedgerCrypto
import TestSupport

extension CLIVault {
    /// The vault opened in this process, as a second program beside the CLI.
    func openLedger(mapSize: Int = Ledger.defaultMapSize) throws -> Ledger {
        var passphrase = Array(Self.passphrase.utf8)
        let header = try VaultHeader.read(vault: path)
        return try Ledger(directory: path, masterKey: VaultKeys.unlock(header, with: .passphrase(SecretBytes(consuming: &passphrase))), mapSize: mapSize)
    }
}

extension Environment {
    /// The processes holding a reader slot, from LMDB's own reader table.
    var readerProcesses: [Int32] {
        var table = ""
        withUnsafeMutablePointer(to: &table) { pointer in
            _ = mdb_reader_list(handle, { message, context in
                context!.assumingMemoryBound(to: String.self).pointee += String(cString: message!)
                return 0
            }, pointer)
        }
        // "    pid     thread     txnid" then one "%10d %zx %-20s" line per slot.
        return table.split(separator: "\n").dropFirst().compactMap { Int32($0.split(separator: " ").first ?? "") }
    }
}
