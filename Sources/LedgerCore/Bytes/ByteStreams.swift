/// Where a stream of bytes goes (a file, the age encryption, a zip being written): one
/// protocol for age and zip alike, so a bundle's zip streams into `AgeWriter` with no adapter.
public protocol ByteSink: AnyObject {
    /// Writes all of `bytes` or throws.
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// Where a stream of bytes comes from (a file, the age decryption).
public protocol ByteSource: AnyObject {
    /// Reads at most `buffer.count` bytes into `buffer` and returns how many; 0 means the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

extension ByteSink {
    public func write(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try write($0) } }
}
