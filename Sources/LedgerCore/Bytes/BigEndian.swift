/// The eight big-endian bytes of `value`; LMDB sorts keys of this form numerically.
public func bigEndianBytes(_ value: UInt64) -> [UInt8] {
    withUnsafeBytes(of: value.bigEndian) { Array($0) }
}

/// The number big-endian `bytes` spell (at most eight of them): the inverse of `bigEndianBytes`.
@inlinable
public func bigEndianValue(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var value: UInt64 = 0
    for byte in bytes { value = value << 8 | UInt64(byte) }
    return value
}
