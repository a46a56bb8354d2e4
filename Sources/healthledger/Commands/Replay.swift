import ArgumentParser
import Foundation
import LedgerStore
import LedgerCore
import LedgerApplication
import Projections

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Rebuild views from sequence 0 after an algorithm change, show what changes, then switch atomically.")
    @Argument(help: "Projections to replay (default: all, and the store indexes and the Merkle tree edges `audit --since` starts from).", completion: .views) var names: [String] = []
    @Flag(help: "Only report what would change.") var dryRun = false
    @Flag(help: "One JSON object per view.") var json = false
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let whole = names.isEmpty && !dryRun
        let outcome: ReplayOutcome
        do {
            let what = names.isEmpty ? "every view" : names.joined(separator: ", ")
            let progress = Progress("rebuilding \(whole ? "the store indexes and every view" : what) from the log", total: Int(try ledger.head().size), unit: "events")
            defer { progress.finish() }
            outcome = try VaultApplication.replay(names, ledger: ledger, dryRun: dryRun) { done, _ in progress.update(Int(done)) }
        } catch let error as UnknownProjection {
            throw ExitStatus.Failure(status: .invalidInput, message: "\(error)")
        }
        if let rebuilt = outcome.storeIndexes {
            if json {
                print(JSONWriter.string(["rebuilt": .string("store indexes"), "events": .int(Int64(rebuilt.indexed))]))
            } else {
                print("store indexes: rebuilt from \(rebuilt.indexed.formatted()) events (by kind, by day, by amended id, running activities, records two importers share, short ids)")
            }
        }
        for report in outcome.views {
            if json {
                var document: Document = [
                    "view": .string(report.name), "version": .int(Int64(report.version)), "built": .bool(report.wasBuilt),
                    "events": .int(Int64(report.events)), "changedPartitions": .int(Int64(report.wasBuilt ? report.changedPartitions : 0)),
                    "applied": .bool(report.applied), "details": .array(report.wasBuilt ? report.details.map(DocValue.string) : []),
                ]
                document.set("storedVersion", report.storedVersion.map { .int(Int64($0)) })
                print(JSONWriter.string(document))
                continue
            }
            print(report.summary)
            if report.wasBuilt { for line in report.details { print("  \(line)") } }
        }
        if let rebuilt = outcome.treeEdges {
            if json {
                print(JSONWriter.string([
                    "rebuilt": .string("tree edges"), "records": .int(Int64(rebuilt.records)), "edges": .int(Int64(rebuilt.edges)),
                    "changed": .int(Int64(rebuilt.changed)), "added": .int(Int64(rebuilt.added)), "replaced": .int(Int64(rebuilt.replaced)),
                ]))
            } else {
                print("tree edges: rebuilt from \(rebuilt.records.formatted()) records, \(rebuilt.edges.formatted()) edges: \(rebuilt.added.formatted()) added where none was kept (batch starts), \(rebuilt.replaced.formatted()) replaced (another root, or no size of the log)")
            }
        }
    }
}
