import LedgerCore

/// Cuts a bundle's `events.jsonl` into lines (without their newline), whatever the chunk
/// boundaries, and refuses it as soon as a line or the file passes its bound.
///
/// The bounds hold before the bundle's signature is known (anyone who can encrypt to a
/// study key or hand over a file can make the bytes): a line of 2 GiB compresses to 2 MB,
/// and without them it grew in memory until the machine ran out.
public struct LineSplitter {
    /// The most bytes one line may take: an event's JSON may spell its numbers out in about
    /// twice the bytes of its encoded form, which `EventLimits` bounds.
    public static let maximumLineLength = 2 * EventLimits.maximumEncodedSize
    /// The most lines: each costs a reader that remembers it (the cohort's first read) a few
    /// dozen bytes, and a lifetime ledger holds 5 to 20 million events.
    public static let maximumLines = 25_000_000

    private var partial: [UInt8] = []
    private let maximumLineLength: Int
    private let maximumLines: Int
    /// Lines handed over so far, blank ones included: the number of the next is one more.
    public private(set) var linesRead = 0

    public init(maximumLineLength: Int = Self.maximumLineLength, maximumLines: Int = Self.maximumLines) {
        self.maximumLineLength = maximumLineLength
        self.maximumLines = maximumLines
    }

    public mutating func split(_ chunk: UnsafeRawBufferPointer, _ body: ([UInt8]) throws -> Void) throws {
        var start = 0
        while let newline = chunk[start...].firstIndex(of: 0x0a) {
            try check(partial.count + newline - start)
            if partial.isEmpty {
                try take(Array(chunk[start..<newline]), body)
            } else {
                partial.append(contentsOf: chunk[start..<newline])
                try take(partial, body)
                partial.removeAll(keepingCapacity: true)
            }
            start = newline + 1
        }
        try check(partial.count + chunk.count - start)
        partial.append(contentsOf: chunk[start...])
    }

    public mutating func finish(_ body: ([UInt8]) throws -> Void) throws {
        if !partial.isEmpty { try take(partial, body) }
        partial.removeAll()
    }

    private mutating func take(_ line: [UInt8], _ body: ([UInt8]) throws -> Void) throws {
        guard linesRead < maximumLines else {
            throw BundleError(
                .notABundle,
                "\(BundleLayout.events) has more than \(maximumLines) lines, more than a lifetime's ledger holds; nothing of the bundle was used: ask its sender for a bundle of a shorter range (`export bundle --from … --to …`)")
        }
        linesRead += 1
        try body(line)
    }

    /// Refuses the line being read once it is longer than any event.
    private func check(_ length: Int) throws {
        guard length > maximumLineLength else { return }
        throw BundleError(
            .notABundle,
            "\(BundleLayout.events) line \(linesRead + 1) is longer than \(EventLimits.describe(bytes: maximumLineLength)), more than any event takes; nothing of the bundle was used: it was not made by `healthledger export bundle`")
    }
}
