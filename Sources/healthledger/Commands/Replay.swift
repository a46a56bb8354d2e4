import ArgumentParser
import LedgerStore
import Projections

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rebuild views from sequence 0 after an algorithm change, show what changes, then switch atomically.")
    @Argument(help: "Projections to replay (default: all, and the Merkle tree edges `audit --since` starts from).") var names: [String] = []
    @Flag(help: "Only report what would change.") var dryRun = false
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        for name in names.isEmpty ? ProjectionCatalog.names : names {
            let report: ReplayReport
            do {
                report = try ProjectionCatalog.replay(name, ledger: ledger, dryRun: dryRun)
            } catch let error as UnknownProjection {
                throw ExitStatus.Failure(status: .invalidInput, message: "\(error)")
            }
            print(report.summary)
            for line in report.details { print("  \(line)") }
        }
        if names.isEmpty, !dryRun {
            let rebuilt = try ledger.rebuildTreeEdges()
            print("tree edges: rebuilt from \(rebuilt.records.formatted()) records, \(rebuilt.edges.formatted()) edges, \(rebuilt.changed.formatted()) changed")
        }
    }
}
