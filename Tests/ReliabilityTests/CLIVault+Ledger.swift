import CLMDB
import Foundation
@testable import LedgerStore
import LedgerCore
import LedgerCrypto

extension CLIVault {
    /// The vault opened in this process, as a second program beside the CLI.
    func openLedger(mapSize: Int = Ledger.defaultMapSize) throws -> Ledger {
        var passphrase = Array("e2e passphrase".utf8)
        let header = try VaultHeader.read(vault: path)
        return try Ledger(directory: path, masterKey: VaultKeys.unlock(header, with: .passphrase(SecretBytes(consuming: &passphrase))), mapSize: mapSize)
    }

    /// JSONL of mood events with ids `first + 1` on, as the CLI's `append --jsonl` reads it.
    static func moodLines(_ range: Range<Int>) -> String {
        range.map { String(format: #"{"id":"%032x","kind":"mood.rated","start":"2026-04-01T08:00:00+02:00","payload":{"rating":%d}}"#, $0 + 1, 1 + $0 % 10) }
            .joined(separator: "\n") + "\n"
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

extension CLIVault {
    /// The same mood events as `moodLines`, for appending in this process.
    static func moodEvents(count: Int, first: Int) -> [Event] {
        (first..<(first + count)).map { index in
            Event(
                id: EventID(hex: String(format: "%032x", index + 1))!, kind: .moodRated, schema: PayloadCatalog.currentSchema(of: .moodRated),
                start: Timestamp(micros: 1_775_023_200_000_000), utcOffset: 7_200, source: .cli,
                payload: ["rating": .int(Int64(1 + index % 10)), "scaleMin": .int(1), "scaleMax": .int(10)])
        }
    }
}
