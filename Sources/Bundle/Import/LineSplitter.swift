/// Cuts a byte stream into lines (without their newline), whatever the chunk boundaries.
public struct LineSplitter {
    private var partial: [UInt8] = []

    public init() {}

    public mutating func split(_ chunk: UnsafeRawBufferPointer, _ body: ([UInt8]) throws -> Void) throws {
        var start = 0
        while let newline = chunk[start...].firstIndex(of: 0x0a) {
            if partial.isEmpty {
                try body(Array(chunk[start..<newline]))
            } else {
                partial.append(contentsOf: chunk[start..<newline])
                try body(partial)
                partial.removeAll(keepingCapacity: true)
            }
            start = newline + 1
        }
        partial.append(contentsOf: chunk[start...])
    }

    public mutating func finish(_ body: ([UInt8]) throws -> Void) throws {
        if !partial.isEmpty { try body(partial) }
        partial.removeAll()
    }
}
