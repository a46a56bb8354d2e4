import Foundation
import LedgerCore
import LedgerCrypto
import Synchronization

/// What the dedup index keeps in memory: the recent tier's keys (key → sequence), and the
/// settled index's filter.
///
/// `recent` is stored by sequence, so that a commit only appends to it, and this map is what
/// finds a key there. Other processes append to the same vault, so the map catches up with
/// `recent` at the start of every transaction that looks in it: it reads the entries past the
/// last sequence it read, or all of them again, and the filter, once a settling emptied
/// `recent` and stored a new filter, which shows as a new count of settlings in `meta`.
final class RecentKeyMap: @unchecked Sendable {
    static let settlingsKey = Array("ids.settlings".utf8)

    // Unchecked: the map is reached under `lock` only; it is caught up from, and read by, a
    // caller's LMDB transaction and closures, which a `Mutex` body may not take (not Sendable).
    private let lock = NSLock()
    private var table: RecentKeyTable
    private var filter: SettledKeyFilter?
    /// The settlings counted when the map last started over; nil before it first did.
    private var settlings: UInt64?
    /// The sequence after the last one read.
    private var readUpTo: UInt64 = 0

    /// Small commits and lookups that passed over `recent` rather than read it into the map.
    private var passesOver = 0
    /// Passes over `recent` after which it is worth reading it into the map: a pass costs
    /// about what reading it in does, and a correction looks its target up once per view.
    private static let passesBeforeReading = 2

    init(capacity: Int) {
        table = RecentKeyTable(capacity: capacity, base: 0)
    }

    /// Whether a small commit or a lookup should pass over `recent` rather than read it all
    /// into the map: yes until the map is read, for the first few, since a command-line
    /// append makes one and a long-running process many.
    func passOverInstead() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard settlings == nil, passesOver < Self.passesBeforeReading else { return false }
        passesOver += 1
        return true
    }

    /// Runs `body` with the map as `txn` sees `recent`, and the sequence after its last entry.
    /// The lock is held throughout, so no reader with another view changes it meanwhile.
    func withCaughtUp<R>(_ txn: Transaction, _ index: DedupIndex, _ body: (RecentKeyTable, UInt64) throws -> R) throws -> R {
        lock.lock()
        defer { lock.unlock() }
        try catchUp(txn, index)
        return try body(table, readUpTo)
    }

    /// The same with the settled index's filter, read (or made, and stored if `storing`) when
    /// first needed after the map started over.
    func withCaughtUp<R>(
        _ txn: Transaction, _ index: DedupIndex, storingFilter storing: Bool,
        _ body: (RecentKeyTable, SettledKeyFilter, UInt64) throws -> R
    ) throws -> R {
        lock.lock()
        defer { lock.unlock() }
        try catchUp(txn, index)
        let filter = try self.filter ?? index.settledFilter(txn, storing: storing)
        self.filter = filter
        return try body(table, filter, readUpTo)
    }

    /// Lets go of the filter before a settling makes a new one.
    func releaseFilter() {
        lock.lock()
        defer { lock.unlock() }
        filter = nil
    }

    private func catchUp(_ txn: Transaction, _ index: DedupIndex) throws {
        let cursor = try txn.cursor(index.recent)
        let current = try txn.get(index.meta, key: Self.settlingsKey).map(bigEndianValue) ?? 0
        if current != settlings {
            let first = try cursor.move(.first).map { bigEndianValue($0.key) } ?? 0
            table.reset(base: first)
            filter = nil
            settlings = current
            readUpTo = first
        }
        var entry = try cursor.seek(atOrAfter: bigEndianBytes(readUpTo))
        while let (key, value) = entry {
            let sequence = bigEndianValue(key)
            ReadStatistics.dedupKeysRead.wrappingAdd(1, ordering: .relaxed)
            table.insert(IndexKey(value), sequence: sequence)
            readUpTo = sequence + 1
            entry = try cursor.move(.next)
        }
    }

    deinit { table.deallocate() }
}
