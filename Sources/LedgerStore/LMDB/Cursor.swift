import CLMDB

/// A position in a database, valid while its transaction is open.
///
/// Every move, seek and put steps the cursor's `MappedPageAllowance`, so walks over the file
/// let go of what they map as they go, and a closing cursor looks once more.
final class Cursor {
    let handle: OpaquePointer
    private let transaction: Transaction
    private var allowance: MappedPageAllowance

    init(handle: OpaquePointer, transaction: Transaction) {
        self.handle = handle
        self.transaction = transaction
        allowance = MappedPageAllowance(transaction.environment)
    }

    deinit {
        mdb_cursor_close(handle)
        allowance.finish()
    }

    enum Move {
        case first, last, next, previous
        var operation: MDB_cursor_op {
            switch self {
            case .first: MDB_FIRST
            case .last: MDB_LAST
            case .next: MDB_NEXT
            case .previous: MDB_PREV
            }
        }
    }

    /// Moves and returns the entry there (pointers valid until the next move), or nil at the end.
    func move(_ move: Move) throws -> (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)? {
        var key = MDB_val()
        var value = MDB_val()
        return try position(&key, &value, move.operation)
    }

    /// Moves to the first key at or after `key`.
    func seek(atOrAfter key: [UInt8]) throws -> (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)? {
        var keyCopy = key
        return try keyCopy.withUnsafeMutableBytes { (bytes) throws in
            var keyVal = MDB_val(mv_size: bytes.count, mv_data: bytes.baseAddress)
            var value = MDB_val()
            return try position(&keyVal, &value, MDB_SET_RANGE)
        }
    }

    /// Moves to `key` itself, or returns nil (the cursor is then unpositioned).
    func seek(exactly key: UnsafeRawBufferPointer) throws -> (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)? {
        var keyVal = MDB_val(mv_size: key.count, mv_data: UnsafeMutableRawPointer(mutating: key.baseAddress))
        var value = MDB_val()
        return try position(&keyVal, &value, MDB_SET_KEY)
    }

    /// Deletes the entry the cursor is on.
    func deleteCurrent() throws {
        try lmdb(mdb_cursor_del(handle, 0), "mdb_cursor_del")
    }

    /// Stores `value` under `key` through this cursor. LMDB looks for the key on the page
    /// the cursor is on before it searches from the root, so keys put in increasing order
    /// skip most searches.
    /// With `appending`, keys arrive in increasing order and LMDB fills pages fully (MDB_APPEND).
    func put(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer, appending: Bool = false) throws {
        allowance.step()
        var keyVal = MDB_val(mv_size: key.count, mv_data: UnsafeMutableRawPointer(mutating: key.baseAddress))
        var valueVal = MDB_val(mv_size: value.count, mv_data: UnsafeMutableRawPointer(mutating: value.baseAddress))
        try lmdb(mdb_cursor_put(handle, &keyVal, &valueVal, appending ? UInt32(MDB_APPEND) : 0), "mdb_cursor_put")
    }

    private func position(
        _ key: inout MDB_val, _ value: inout MDB_val, _ operation: MDB_cursor_op
    ) throws -> (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)? {
        let status = mdb_cursor_get(handle, &key, &value, operation)
        if status == LMDBError.notFound {
            allowance.step()
            return nil
        }
        try lmdb(status, "mdb_cursor_get")
        allowance.step(reading: value.mv_size)
        return (UnsafeRawBufferPointer(start: key.mv_data, count: key.mv_size),
                UnsafeRawBufferPointer(start: value.mv_data, count: value.mv_size))
    }
}

@available(*, unavailable)
extension Cursor: Sendable {}
