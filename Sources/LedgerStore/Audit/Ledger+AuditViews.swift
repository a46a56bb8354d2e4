import LedgerCore
import LedgerCrypto

/// A view's stored state as `audit` found it before scanning the log.
struct StoredView {
    let store: ProjectionStore
    let checkpoint: ProjectionCheckpoint
}

extension Ledger {
    private static let projectionPointerPrefix = Array("proj.".utf8)

    /// Every view the vault stores a state for, with its checkpoint as stored.
    func storedViews() throws -> [StoredView] {
        let names = try environment.read { txn in
            var names: [String] = []
            let cursor = try txn.cursor(databases.meta)
            var entry = try cursor.seek(atOrAfter: Self.projectionPointerPrefix)
            while let (key, _) = entry, key.starts(with: Self.projectionPointerPrefix) {
                names.append(String(decoding: key.dropFirst(Self.projectionPointerPrefix.count), as: UTF8.self))
                entry = try cursor.move(.next)
            }
            return names
        }
        return try names.compactMap { name in
            let store = try projectionStore(name)
            return (try? store.checkpoint(verifying: false)).flatMap { $0 }.map { StoredView(store: store, checkpoint: $0) }
        }
    }

    /// Checks each view against its binding: its partitions are the ones its checkpoint was
    /// saved with, it has not seen more of the log than there is, and the root it recorded
    /// is the log's root at its size (`rootsAtSizes`, from the audit's own recomputed tree).
    /// With `everyPartition`, every partition is hashed against the view's tree too: that
    /// grows with the views, so the audit `--since` leaves it to the full audit and to each
    /// read, which checks the partitions it reads.
    func auditViews(_ views: [StoredView], logEnd: UInt64, rootsAtSizes: [UInt64: [UInt8]], everyPartition: Bool) -> [AuditProblem] {
        var problems: [AuditProblem] = []
        for view in views {
            let size = view.checkpoint.size
            func add(_ detail: String) {
                problems.append(AuditProblem(kind: .view, sequence: size, lastSequence: size,
                    detail: "the \(view.store.name) view \(detail); run `healthledger replay \(view.store.name)` to rebuild it from the log"))
            }
            if size > logEnd {
                add("has seen \(size) events but the log holds \(logEnd)")
            } else if !view.checkpoint.root.isEmpty, let root = rootsAtSizes[size] ?? (size == 0 ? MerkleHasher.emptyRoot : nil), root != view.checkpoint.root {
                add("was folded from other records than the log's first \(size)")
            }
            do {
                _ = try view.store.checkpoint()
                if everyPartition { try view.store.checkAllPartitions() }
            } catch let error as LedgerStoreError where error.damagedViewReason != nil {
                // Cannot fail: the catch clause checked it.
                add(error.damagedViewReason!)
            } catch {
                add("cannot be read (\(error))")
            }
        }
        return problems
    }
}
