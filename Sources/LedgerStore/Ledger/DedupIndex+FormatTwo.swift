import CLMDB

extension DedupIndex {
    /// Format 2's recent tier: key → sequence, ordered by key as `settled` is.
    static let formatTwoRecentName = "ids.recent"

    /// Moves the keys of a format-2 vault's recent tier into `settled` and removes that
    /// database, in one transaction. It held at most 131,072 keys.
    func absorbFormatTwoRecentTier(_ environment: Environment) throws {
        try environment.write { txn in
            let old: Database
            do {
                old = try environment.database(Self.formatTwoRecentName, in: txn, create: false, comparingWordwise: true)
            } catch let error as LedgerStoreError where error.lmdbCode == LMDBError.notFound {
                return
            }
            let cursor = try txn.cursor(old)
            var entry = try cursor.move(.first)
            while let (key, value) = entry {
                try txn.put(settled, key: key, value: value)
                entry = try cursor.move(.next)
            }
            try lmdb(mdb_drop(txn.handle, old.handle, 1), "mdb_drop(\(old.name))")
            // A filter stored without these keys would hide them; the next commit makes it again.
            try txn.delete(meta, key: SettledKeyFilter.metaKey)
        }
    }
}
