public import LedgerCore
import LedgerCrypto

/// The first and last local days any event of the log started on (each at its own UTC
/// offset), kept with the store indexes: `log --from` without `--to` (or `--to` alone) then
/// reads the days between through the day index, where it read the whole log back when
/// fewer events matched than it was to show. Sealed, as the running activities are: the
/// days in clear would tell when the health data begins and ends.
struct StartedDays: Equatable {
    var first: LocalDay
    var last: LocalDay

    static let key = Array("started.days".utf8)

    /// The span widened to take `day`.
    func including(_ day: LocalDay) -> StartedDays {
        StartedDays(first: min(first, day), last: max(last, day))
    }

    var encoded: [UInt8] { bigEndianBytes(UInt64(bitPattern: first.number)) + bigEndianBytes(UInt64(bitPattern: last.number)) }

    init(first: LocalDay, last: LocalDay) {
        self.first = first
        self.last = last
    }

    init?(encoded bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        first = LocalDay(number: Int64(bitPattern: bigEndianValue(bytes[0..<8])))
        last = LocalDay(number: Int64(bitPattern: bigEndianValue(bytes[8...])))
    }
}

extension Ledger {
    /// The first and last days events started on, as the store indexes hold them; nil for an
    /// empty log, or for one indexed before the indexes kept them (until `replay`).
    public func startedDays() throws -> ClosedRange<LocalDay>? {
        try withStoreIndexes { txn, _ in try storedStartedDays(txn).map { $0.first...$0.last } }
    }

    func storedStartedDays(_ txn: Transaction) throws -> StartedDays? {
        guard let sealed = try txn.get(databases.indexes.activities, key: StartedDays.key) else { return nil }
        guard let plain = try? logMetadataSealer.open(sealed, associatedData: associatedDataOfStartedDays),
              let days = StartedDays(encoded: plain) else {
            throw LedgerStoreError.damagedView(
                name: "index.activities", reason: "the days events started on do not open; `healthledger replay` rebuilds them")
        }
        return days
    }

    /// Widens the stored span to take `days` (the days of events a commit indexes). Indexes
    /// that covered events before they kept a span keep none, as its first day is not known
    /// without reading the whole log: `log --from` alone then reads back through the log, as
    /// before, until `replay` indexes the log again from its start.
    func storeStartedDays(_ txn: Transaction, including days: [LocalDay]) throws {
        guard let low = days.min(), let high = days.max() else { return }
        let stored = try storedStartedDays(txn)
        if stored == nil, try StoreIndexes.covered(txn, meta: databases.meta) > 0 { return }
        let span = stored.map { $0.including(low).including(high) } ?? StartedDays(first: low, last: high)
        guard span != stored else { return }
        try storeStartedDays(txn, span)
    }

    func storeStartedDays(_ txn: Transaction, _ span: StartedDays) throws {
        let sealed = logMetadataSealer.seal(span.encoded, associatedData: associatedDataOfStartedDays)
        try txn.put(databases.indexes.activities, key: StartedDays.key, value: sealed)
    }

    private var associatedDataOfStartedDays: [UInt8] { vaultID + Array("index.started.days".utf8) }
}
