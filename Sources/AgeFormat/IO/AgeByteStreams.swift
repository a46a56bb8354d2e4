public import LedgerCore

/// Where an ``AgeWriter`` puts the encrypted bytes.
public typealias AgeOutput = ByteSink

/// Where an ``AgeReader`` takes the encrypted bytes from.
public typealias AgeInput = ByteSource

/// Bytes collected in memory, for small files and tests.
public final class AgeMemoryOutput: AgeOutput {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer) throws { self.bytes.append(contentsOf: bytes) }
}

/// Bytes held in memory, read front to back.
public final class AgeMemoryInput: AgeInput {
    private let bytes: [UInt8]
    private var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, bytes.count - offset)
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + count)]))
        }
        offset += count
        return count
    }
}
