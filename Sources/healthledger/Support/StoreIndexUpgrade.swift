import Foundation
import LedgerStore

/// Builds the store indexes of a vault made (or last appended to) by a build without them,
/// once, with progress on a terminal and one line saying what was done.
enum StoreIndexUpgrade {
    static func run(_ ledger: Ledger) {
        let progress = Progress("indexing the log (once, for this version)", unit: "events")
        do {
            guard let build = try ledger.buildStoreIndexes(progress: { done, _ in progress.update(Int(done)) }) else { return }
            progress.finish()
            let what = build.reindexedBecause
                ?? (build.from == 0
                ? "the vault had none: it was made before the log had store indexes, or a `replay` rebuilding them was stopped"
                : "events from #\(build.from) were appended by an older version")
            FileHandle.standardError.write(Data(
                "healthledger: indexed \(build.indexed.formatted()) events by kind, by day, by amended id, running activity, short id and payload text (\(what)); this is done once\n".utf8))
        } catch {
            progress.finish()
            // Not fatal here: `audit` must still run on a vault whose records do not open;
            // commands that need the indexes try again and fail with this error.
            FileHandle.standardError.write(Data(
                "healthledger: the store indexes could not be built (\(error)); `healthledger audit` says why, `healthledger replay` rebuilds them\n".utf8))
        }
    }
}
