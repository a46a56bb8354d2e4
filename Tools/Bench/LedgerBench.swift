import DemoData
import Foundation
import LedgerCore
import LedgerCrypto
import LedgerStore

/// Benchmarks, each side by side with its peer in the same run:
///   ledger-bench append [EVENTS]   bulk append vs the bare pipeline, read-back, disk per event
///   ledger-bench cli BINARY [RUNS] wall time of `healthledger mood 7` with an unlocked session
///   ledger-bench replay [EVENTS]   daily-metrics replay vs raw read; catch-up after one append
///   ledger-bench audit [EVENTS]    full audit vs raw read; `audit --since` after 50 quick entries
///   ledger-bench query BINARY [EVENTS]  each example query of docs/query.md vs one read of the log
@main
enum LedgerBench {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        switch arguments.first {
        case "append": try AppendBench.run(events: arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000_000)
        case "replay": try ReplayBench.run(events: arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000_000)
        case "audit": try AuditBench.run(events: arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000_000)
        case "query":
            try QueryBench.run(binary: arguments.dropFirst().first ?? ".build/release/healthledger", events: arguments.dropFirst(2).first.flatMap { Int($0) } ?? 1_000_000)
        case "cli": try CLIBench.run(binary: arguments.dropFirst().first ?? ".build/release/healthledger", runs: arguments.dropFirst(2).first.flatMap { Int($0) } ?? 30)
        default:
            print("usage: ledger-bench append [EVENTS] | ledger-bench replay [EVENTS] | ledger-bench audit [EVENTS] | ledger-bench cli [BINARY] [RUNS] | ledger-bench query [BINARY] [EVENTS]")
        }
    }
}

func scratchDirectory(_ name: String) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-bench-\(name)-\(getpid())").path
    try? FileManager.default.removeItem(atPath: path)
    return path
}

func fileSize(_ path: String) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
}

func format(_ value: Double) -> String { String(format: "%.0f", value) }

/// A new vault in a scratch folder (fast KDF), opened; returns the ledger, its master key and folder.
func scratchLedger(_ name: String) throws -> (ledger: Ledger, master: MasterKey, directory: String) {
    let directory = scratchDirectory(name)
    var phrase = Array("bench".utf8)
    let (master, _) = try VaultKeys.create(at: directory, passphrase: SecretBytes(consuming: &phrase), kdf: .interactive)
    return (try Ledger(directory: directory, masterKey: master), master, directory)
}
