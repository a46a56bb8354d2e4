import LedgerCore
public import LedgerCrypto

extension Ledger {
    /// Proves what was appended after `checkpoint`, one this vault signed and you kept, in
    /// time proportional to what is new: the tree as the checkpoint saw it is rebuilt from
    /// the stored tree edges and must hash to the root it signed (else the log was rewritten
    /// before it, or rolled back when it is shorter); then only the records after it are
    /// opened, hashed on from there to the vault's own signed checkpoint, and their index
    /// entries, store index entries, batches and tree edges checked. Records before the
    /// checkpoint are not opened: the full `audit` does that.
    public func audit(since checkpoint: SignedCheckpoint) throws -> AuditReport {
        let views = try storedViews()
        var rootsAtViewSizes: [UInt64: [UInt8]] = [:]
        var report = try environment.read { txn in
            var report = AuditReport()
            report.since = checkpoint.size
            var problems = ProblemCollector()
            let state = try LedgerState.load(txn, databases)
            try? loadDictionaries(txn, upTo: state.currentDictionary)
            let signed = try verifiedCheckpoint(txn, problems: &problems)
            report.checkpoint = signed
            let signedSize = signed?.size ?? state.frontier.size
            guard checkpoint.size <= signedSize else {
                report.consistency = .rolledBack(olderSize: checkpoint.size, current: signedSize)
                report.problems = problems.finished
                return report
            }
            guard let start = try frontier(txn, provingConsistencyWith: checkpoint, problems: &problems) else {
                report.consistency = .rewritten(olderSize: checkpoint.size)
                report.problems = problems.finished
                return report
            }
            let viewSizes = Set(views.map(\.checkpoint.size))
            var walk = RecordAudit(from: start, references: EventReferences(index: databases.ids, hasher: indexHasher), problems: problems,
                comparedSizes: Set([signedSize]).union(viewSizes),
                storeIndexes: try StoreIndexAudit(ledger: self, txn, from: checkpoint.size))
            try walkRecords(txn, &walk)
            problems = walk.problems
            report.recordsChecked = walk.recordsChecked
            let logEnd = walk.expected
            if logEnd < signedSize {
                problems.add(.truncated, logEnd, signedSize - 1, "the signed checkpoint covers \(signedSize) records but the log ends at \(logEnd)")
            } else if logEnd > signedSize {
                problems.add(.inserted, signedSize, logEnd - 1, "records beyond the signed checkpoint (size \(signedSize)) were added without the vault key")
            }
            if let signed, let root = walk.roots[signedSize], root != signed.rootHash, problems.isEmpty {
                problems.add(.checkpoint, checkpoint.size, max(signedSize, 1) - 1,
                    "the records after the checkpoint of \(checkpoint.size) do not hash to the root the vault's checkpoint signed")
            }
            if let signed, state.frontier.size != signed.size || state.frontier.root != signed.rootHash {
                problems.add(.checkpoint, min(state.frontier.size, signed.size), max(state.frontier.size, signed.size),
                    "the stored tree head (\(state.frontier.size) records) is not the one the checkpoint signed (\(signed.size) records): it was replaced without the vault's key")
            }
            try auditBatches(txn, from: checkpoint.size, logEnd: logEnd, problems: &problems)
            try walk.references.finish(txn, logEnd: logEnd, ledger: self, problems: &problems, walkingSettledTier: false)
            try walk.storeIndexes?.finish(logEnd: logEnd, problems: &problems)
            report.consistency = .grewFrom(olderSize: checkpoint.size, to: logEnd)
            report.problems = problems.finished
            rootsAtViewSizes = walk.roots.filter { viewSizes.contains($0.key) }
            // Views folded before the checkpoint: their root from the stored edges, which the
            // full audit checks against the records.
            for size in viewSizes where size < checkpoint.size {
                rootsAtViewSizes[size] = try databases.treeEdges.frontier(txn, at: size)?.root
            }
            return report
        }
        guard report.consistency?.isConsistent == true else { return report }
        report.problems += auditViews(views, logEnd: checkpoint.size + report.recordsChecked, rootsAtSizes: report.problems.isEmpty ? rootsAtViewSizes : [:], everyPartition: false)
        return report
    }

    /// The tree at `checkpoint.size`, proven to hash to the root it signed; nil when no tree
    /// of the log's first records does (the log was rewritten before it).
    ///
    /// From the stored tree edges when they hash to that root; otherwise (a vault whose edges
    /// were never built, or damaged edges, named as such) from the records themselves.
    private func frontier(
        _ txn: Transaction, provingConsistencyWith checkpoint: SignedCheckpoint, problems: inout ProblemCollector
    ) throws -> MerkleFrontier? {
        let stored = try databases.treeEdges.frontier(txn, at: checkpoint.size)
        if let stored, stored.root == checkpoint.rootHash { return stored }
        var hashed = MerkleFrontier()
        try scanRecords(txn, from: 0) { sequence, record, _ in
            guard sequence == hashed.size, sequence < checkpoint.size else { return false }
            hashed.append(leafHash: MerkleHasher.leaf(record))
            return true
        }
        guard hashed.size == checkpoint.size, hashed.root == checkpoint.rootHash else { return nil }
        if stored != nil {
            problems.add(.index, checkpoint.size - 1, checkpoint.size - 1,
                "the stored tree edges at size \(checkpoint.size) do not hash to the root the checkpoint signed, though the records do; run `healthledger replay` to rebuild the tree edges from the log")
        }
        return hashed
    }
}
