import CLMDB

/// LMDB's default key order — bytewise, and a shorter key first when one is a prefix of the
/// other — compared eight bytes at a time instead of through `memcmp`.
///
/// The dedup index compares its keyed hashes about forty times per appended event, and the
/// default order's call into `memcmp` for each was a tenth of the committing thread. The
/// order is the default's exactly, so the file stays valid for `mdb_stat`, `mdb_dump` and any
/// program that opens it without this function.
func wordwiseKeyOrder(_ lhs: UnsafePointer<MDB_val>?, _ rhs: UnsafePointer<MDB_val>?) -> Int32 {
    let lhs = lhs.unsafelyUnwrapped.pointee, rhs = rhs.unsafelyUnwrapped.pointee
    let common = min(lhs.mv_size, rhs.mv_size)
    var offset = 0
    while offset + 8 <= common {
        let left = UInt64(bigEndian: lhs.mv_data.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        let right = UInt64(bigEndian: rhs.mv_data.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        if left != right { return left < right ? -1 : 1 }
        offset += 8
    }
    while offset < common {
        let left = lhs.mv_data.load(fromByteOffset: offset, as: UInt8.self), right = rhs.mv_data.load(fromByteOffset: offset, as: UInt8.self)
        if left != right { return left < right ? -1 : 1 }
        offset += 1
    }
    return lhs.mv_size == rhs.mv_size ? 0 : (lhs.mv_size < rhs.mv_size ? -1 : 1)
}
