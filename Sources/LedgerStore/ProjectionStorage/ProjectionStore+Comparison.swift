import Synchronization

extension ProjectionStore {
    /// The keys of the partitions whose contents differ between `other` and this store (a
    /// partition on one side only counts), in the projection's key order; with no `other`,
    /// every partition this store holds.
    ///
    /// Both stores belong to the same view, so a partition is stored under the same keyed hash
    /// in each: the two are walked side by side in stored-key order and opened a run at a time
    /// on every core, so that neither state is ever held whole. A replay compares the state it
    /// rebuilt with the one it replaces this way.
    public func partitionsDiffering(from other: ProjectionStore?) throws -> [[UInt8]] {
        precondition(other.map { $0.name == name } ?? true, "compares two states of one view")
        let changed = try ledger.environment.read { txn in
            var changed: [[UInt8]] = []
            var run: [(storedKey: [UInt8], mine: [UInt8]?, theirs: [UInt8]?)] = []
            var runBytes = 0
            func compareRun() throws {
                let keys = try parallelMap(run.count) { index -> [UInt8]? in
                    let pair = run[index]
                    let mine = try pair.mine.map { try open($0, storedKey: pair.storedKey) }
                    let theirs = try pair.theirs.flatMap { bytes in try other.map { try $0.open(bytes, storedKey: pair.storedKey) } }
                    guard let mine, let theirs else { return (mine ?? theirs)?.key }
                    return mine.key == theirs.key && mine.value == theirs.value ? nil : mine.key
                }
                changed += keys.compactMap { $0 }
                run.removeAll(keepingCapacity: true)
                runBytes = 0
                // Two whole states of a lifetime's view would otherwise stay mapped.
                ledger.environment.releaseMappedPagesIfDue()
            }
            let mineCursor = try txn.cursor(database)
            let theirsCursor = try other.map { try txn.cursor($0.database) }
            var mine = try nextPartition(mineCursor, from: .first)
            var theirs = try theirsCursor.map { try nextPartition($0, from: .first) } ?? nil
            while mine != nil || theirs != nil {
                let order = Self.order(mine?.key, theirs?.key)
                // `order` puts a missing side after a present one: the side it picks is there.
                guard let picked = order <= 0 ? mine : theirs else { break }
                let mineValue = order <= 0 ? mine.map { Array($0.value) } : nil
                let theirsValue = order >= 0 ? theirs.map { Array($0.value) } : nil
                run.append((Array(picked.key), mineValue, theirsValue))
                ReadStatistics.partitionsOpened.wrappingAdd(order == 0 ? 2 : 1, ordering: .relaxed)
                runBytes += (mineValue?.count ?? 0) + (theirsValue?.count ?? 0)
                if order <= 0 { mine = try nextPartition(mineCursor, from: .next) }
                if order >= 0, let theirsCursor { theirs = try nextPartition(theirsCursor, from: .next) }
                if run.count == Self.sealedAtOnce || runBytes >= Self.bytesAtOnce { try compareRun() }
            }
            try compareRun()
            return changed
        }
        return changed.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The next partition entry from the cursor's position (tree nodes and the checkpoint share
    /// the database and are skipped).
    private func nextPartition(_ cursor: Cursor, from move: Cursor.Move) throws -> (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)? {
        var entry = try cursor.move(move)
        while let found = entry, !PartitionTree.isPartitionKey(found.key) { entry = try cursor.move(.next) }
        return entry
    }

    /// -1 when only `mine` is there or it sorts first, 1 for `theirs`, 0 for the same key.
    private static func order(_ mine: UnsafeRawBufferPointer?, _ theirs: UnsafeRawBufferPointer?) -> Int {
        guard let mine else { return 1 }
        guard let theirs else { return -1 }
        if mine.elementsEqual(theirs) { return 0 }
        return mine.lexicographicallyPrecedes(theirs) ? -1 : 1
    }
}
