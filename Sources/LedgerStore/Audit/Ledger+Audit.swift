import LedgerCore
public import LedgerCrypto

extension Ledger {
    /// How far from its place a record is looked for when it does not open where it stands.
    static let displacementSearch: UInt64 = 16

    /// Opens every record, recomputes the Merkle tree and checks it against the signed
    /// checkpoint (and against `olderCheckpoint` when given). Never throws for a bad record:
    /// bad records are what it reports.
    public func audit(olderCheckpoint: SignedCheckpoint? = nil) throws -> AuditReport {
        // The first pass adds up the dedup index's entries; a second looks each id up only
        // when they do not add up, to name where (see `EventReferences`).
        if let report = try audit(olderCheckpoint: olderCheckpoint, lookingUpEachID: false) { return report }
        // Cannot fail: looking up each id, the audit always ends with a report
        return try audit(olderCheckpoint: olderCheckpoint, lookingUpEachID: true)!
    }

    /// The audit, or nil when it added up the dedup index's entries and they differ from
    /// the log's.
    private func audit(olderCheckpoint: SignedCheckpoint?, lookingUpEachID: Bool) throws -> AuditReport? {
        let views = try storedViews()
        var rootsAtViewSizes: [UInt64: [UInt8]] = [:]
        let found: AuditReport? = try environment.read { txn in
            var report = AuditReport()
            var problems = ProblemCollector()
            let state = try LedgerState.load(txn, databases)
            try? loadDictionaries(txn, upTo: state.currentDictionary)
            let signed = try verifiedCheckpoint(txn, problems: &problems)
            let checkpointStored = try txn.get(databases.meta, key: MetaKey.checkpoint) != nil
            report.checkpoint = signed
            let signedSize = signed?.size ?? state.frontier.size
            let viewSizes = Set(views.map(\.checkpoint.size))

            let references = EventReferences(index: databases.ids, hasher: indexHasher, summing: !lookingUpEachID)
            var walk = RecordAudit(from: MerkleFrontier(), references: references, problems: problems,
                comparedSizes: Set([olderCheckpoint?.size, signedSize].compactMap { $0 }).union(viewSizes),
                storeIndexes: try StoreIndexAudit(ledger: self, txn))
            try walkRecords(txn, &walk)
            problems = walk.problems
            let expected = walk.expected
            report.recordsChecked = walk.recordsChecked
            let olderRoot = olderCheckpoint.flatMap { walk.roots[$0.size] }
            let signedRoot = walk.roots[signedSize]
            rootsAtViewSizes = walk.roots.filter { viewSizes.contains($0.key) }
            if expected < signedSize {
                problems.add(.truncated, expected, signedSize - 1, "the signed checkpoint covers \(signedSize) records but the log ends at \(expected)")
            } else if expected > signedSize {
                problems.add(.inserted, signedSize, expected - 1, "records beyond the signed checkpoint (size \(signedSize)) were added without the vault key")
            }
            if let signed, let signedRoot, signedRoot != signed.rootHash, problems.isEmpty {
                problems.add(.checkpoint, 0, max(signedSize, 1) - 1, "the records do not hash to the root the checkpoint signed")
            }
            if signed == nil, !checkpointStored, expected > 0 || state.frontier.size > 0 {
                problems.add(.checkpoint, 0, max(expected, state.frontier.size) - 1,
                    "the log holds \(max(expected, state.frontier.size)) records but no signed checkpoint: it was deleted, so nothing the vault's key signed vouches for these records (tampering)")
            }
            if let signed, state.frontier.size != signed.size || state.frontier.root != signed.rootHash {
                problems.add(.checkpoint, min(state.frontier.size, signed.size), max(state.frontier.size, signed.size),
                    "the stored tree head (\(state.frontier.size) records) is not the one the checkpoint signed (\(signed.size) records): it was replaced without the vault's key")
            }
            try auditBatches(txn, logEnd: expected, problems: &problems)
            try walk.references.finish(txn, logEnd: expected, ledger: self, problems: &problems)
            if walk.references.needsLookups { return nil }
            try walk.storeIndexes?.finish(logEnd: expected, problems: &problems)
            if let older = olderCheckpoint {
                if older.size > expected {
                    report.consistency = .rolledBack(olderSize: older.size, current: expected)
                } else if olderRoot != older.rootHash {
                    report.consistency = .rewritten(olderSize: older.size)
                } else {
                    report.consistency = .grewFrom(olderSize: older.size, to: expected)
                }
            }
            report.problems = problems.finished
            return report
        }
        guard var report = found else { return nil }
        // A damaged log changes every root after the damage: views are compared with it only when it is sound.
        report.problems += auditViews(views, logEnd: report.recordsChecked, rootsAtSizes: report.problems.isEmpty ? rootsAtViewSizes : [:], everyPartition: true)
        return report
    }

    /// Parses an exported checkpoint note, verifying it was signed by this vault.
    public func parseCheckpoint(note: String) throws -> SignedCheckpoint {
        try SignedCheckpoint.parse(note: note, publicKey: header.publicKeyBytes)
    }

    func verifiedCheckpoint(_ txn: Transaction, problems: inout ProblemCollector) throws -> SignedCheckpoint? {
        guard let note = try txn.get(databases.meta, key: MetaKey.checkpoint) else { return nil }
        do {
            return try SignedCheckpoint.parse(note: String(decoding: note, as: UTF8.self), publicKey: header.publicKeyBytes)
        } catch {
            problems.add(.checkpoint, 0, 0, "the vault's stored checkpoint does not verify (\(error))")
            return nil
        }
    }
}

/// Gathers problems, merging runs so a shift of 5,000 records reads as one line.
struct ProblemCollector {
    private(set) var problems: [AuditProblem] = []
    private var displacedRun: (start: UInt64, end: UInt64, offset: Int64)?

    var isEmpty: Bool { problems.isEmpty && displacedRun == nil }

    mutating func add(_ kind: AuditProblem.Kind, _ first: UInt64, _ last: UInt64, _ detail: String) {
        flushDisplaced()
        problems.append(AuditProblem(kind: kind, sequence: first, lastSequence: last, detail: detail))
    }

    mutating func addDisplaced(at sequence: UInt64, holds original: UInt64) {
        let offset = Int64(bitPattern: sequence &- original)
        if let run = displacedRun, run.offset == offset, run.end + 1 == sequence {
            displacedRun?.end = sequence
            return
        }
        flushDisplaced()
        displacedRun = (sequence, sequence, offset)
    }

    private mutating func flushDisplaced() {
        guard let run = displacedRun else { return }
        displacedRun = nil
        let original = UInt64(bitPattern: Int64(bitPattern: run.start) &- run.offset)
        if run.start == run.end, run.offset.magnitude <= 16, run.offset != 0 {
            problems.append(AuditProblem(kind: .reordered, sequence: run.start, lastSequence: run.end,
                detail: "holds the record sealed for sequence \(original) (records swapped or reordered)"))
        } else if run.offset > 0 {
            problems.append(AuditProblem(kind: .inserted, sequence: run.start - UInt64(run.offset), lastSequence: run.start - 1,
                detail: "\(run.offset) record(s) inserted: sequences \(run.start)–\(run.end) hold the records sealed for \(original)–\(original + run.end - run.start)"))
        } else {
            problems.append(AuditProblem(kind: .removed, sequence: original, lastSequence: original + UInt64(-run.offset) - 1,
                detail: "\(-run.offset) record(s) removed and the rest renumbered: sequences \(run.start)–\(run.end) hold the records sealed for \(original)–\(original + run.end - run.start)"))
        }
    }

    var finished: [AuditProblem] {
        var copy = self
        copy.flushDisplaced()
        return copy.problems
    }
}
