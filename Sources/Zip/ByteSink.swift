import AgeFormat

/// Where a stream of bytes goes (a file, the age encryption): the age writer's own output
/// protocol, so a bundle's zip streams into `AgeWriter` with no adapter.
public typealias ByteSink = AgeOutput

/// Where a stream of bytes comes from (the age decryption); `read` returns 0 at the end.
public typealias ByteSource = AgeInput

extension AgeOutput {
    public func write(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try write($0) } }
}
