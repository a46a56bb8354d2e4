import CLMDB
import LedgerCore
import LedgerCrypto

extension Ledger {
    /// Refuses to build on a head the vault's key did not sign. The stored frontier is an
    /// unkeyed hash anyone can recompute over a cut log; only the signed checkpoint binds
    /// it, so the frontier must be the one the latest checkpoint signed and the log must end
    /// where that checkpoint says, or nothing is appended (and nothing new signed).
    func verifyHead(_ txn: Transaction, frontier: MerkleFrontier) throws {
        let lastStored = try txn.cursor(databases.log).move(.last).flatMap { sequenceNumber($0.key) }
        let logEnd = lastStored.map { $0 + 1 } ?? 0
        guard let signed = try storedCheckpoint(txn) else {
            guard frontier.size == 0, logEnd == 0 else {
                throw LedgerStoreError.tampered(reason: "the log holds \(max(frontier.size, logEnd)) events but no signed checkpoint (it was deleted)")
            }
            return
        }
        guard signed.size == frontier.size, signed.rootHash == frontier.root else {
            throw LedgerStoreError.tampered(reason: "the stored tree head (\(frontier.size) events) is not the one the checkpoint signed (\(signed.size) events)")
        }
        guard logEnd == signed.size else {
            throw LedgerStoreError.tampered(reason: "the log ends after \(logEnd) events but the signed checkpoint covers \(signed.size)")
        }
        let lastBatch = try txn.cursor(databases.batches).move(.last).map { sequenceNumber($0.key) }
        if let lastBatch, lastBatch.map({ $0 >= logEnd }) ?? true {
            throw LedgerStoreError.tampered(reason: "the batch table has a record past the end of the log (\(logEnd) events)")
        }
        try verifyIndexCoverage(txn, logEnd: logEnd)
    }

    /// An id missing from the dedup index would let the same event be stored twice, so an
    /// append first checks that the index covers the whole log, from its counts alone:
    /// `recent` holds one key per sequence from the last settling to the end, and `settled`
    /// at least one per sequence before that (more while a settling cut short leaves keys
    /// in both tiers).
    private func verifyIndexCoverage(_ txn: Transaction, logEnd: UInt64) throws {
        let recent = try txn.cursor(databases.ids.recent)
        let recentFirst = try recent.move(.first).flatMap { sequenceNumber($0.key) } ?? logEnd
        let recentLast = try recent.move(.last).flatMap { sequenceNumber($0.key) }
        let recentCount = UInt64(try txn.statistics(databases.ids.recent).ms_entries)
        let settledCount = UInt64(try txn.statistics(databases.ids.settled).ms_entries)
        let recentCovers = recentLast.map { $0 + 1 == logEnd && $0 - recentFirst + 1 == recentCount } ?? true
        guard recentCovers, settledCount >= recentFirst else {
            throw LedgerStoreError.tampered(reason: "the dedup index does not cover the log's \(logEnd) events (entries were deleted), so an event already stored could be stored again")
        }
    }

    /// The vault's latest checkpoint, verified; nil when there is none.
    func storedCheckpoint(_ txn: Transaction) throws -> SignedCheckpoint? {
        guard let note = try txn.get(databases.meta, key: MetaKey.checkpoint) else { return nil }
        do {
            return try SignedCheckpoint.parse(note: String(decoding: note, as: UTF8.self), publicKey: header.publicKeyBytes)
        } catch {
            throw LedgerStoreError.tampered(reason: "the stored checkpoint does not verify (\(error))")
        }
    }

    /// Compares the vault with the checkpoint this machine last saw it sign (see
    /// `CheckpointWitness`): a vault holding less, or other records at the same size, was
    /// replaced by an older copy or rewritten.
    public func checkWitness() throws {
        guard let witness, let seen = witness.read(publicKey: header.publicKeyBytes) else { return }
        let current = try? environment.read { txn in try storedCheckpoint(txn) }
        let size = current?.size ?? 0
        let advice = "If you restored this copy on purpose, move \(witness.file) away and run the command again."
        if size < seen.size {
            throw LedgerStoreError.rolledBack(reason: "the vault at \(directory) has a valid signed checkpoint of \(size) events, but this machine saw it sign \(seen.size) (witness \(witness.file)): it was replaced by an older copy or cut short. \(advice)")
        }
        if size == seen.size, current?.rootHash != seen.rootHash {
            throw LedgerStoreError.rolledBack(reason: "the vault at \(directory) holds \(size) events, but not the ones this machine saw it sign (witness \(witness.file)): its history was rewritten. \(advice)")
        }
    }
}
