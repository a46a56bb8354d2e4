/// Cuts a stream of bytes, handed over in chunks of any size, into lines (without their
/// newline), and refuses it as soon as a line or the count of lines passes its bound, so
/// memory stays within one line however the input is made.
///
/// The bounds hold before anything vouches for the bytes: a line of 2 GiB compresses to
/// 2 MB, and without them it grew in memory until the machine ran out.
public struct LineSplitter {
    /// Why the input, or a line of it, was refused. Each reader says it in its own words.
    public enum Refusal: Error, Equatable, Sendable {
        /// Line `line` (counted from 1, blank ones included) is longer than `limit` bytes.
        case lineTooLong(line: Int, limit: Int)
        /// The input has more than `limit` lines.
        case tooManyLines(limit: Int)
    }

    /// A line is not valid UTF-8 from byte `byteOffset` (counted from 0) on.
    public struct NotUTF8: Error, Equatable, Sendable {
        public let byteOffset: Int
    }

    /// The most bytes one line of an event's JSON may take: it may spell its numbers out in
    /// about twice the bytes of its encoded form, which `EventLimits` bounds.
    public static let maximumLineLength = 2 * EventLimits.maximumEncodedSize
    /// The most lines of events: each costs a reader that remembers it (a cohort's first
    /// read) a few dozen bytes, and a lifetime ledger holds 5 to 20 million events.
    public static let maximumLines = 25_000_000
    /// A line held across chunks grows by doubling up to this; past it, room for the longest
    /// line is taken at once. Grown by doubling to the end, the buffer would hold its old and
    /// new storage together (three times the limit) while copying; pages not written to
    /// take no memory.
    static let doublingLimit = 1 << 20

    private var partial: [UInt8] = []
    private let maximumLineLength: Int
    private let maximumLines: Int
    /// Lines handed over so far, blank ones included: the number of the next is one more.
    public private(set) var linesRead = 0

    public init(maximumLineLength: Int = Self.maximumLineLength, maximumLines: Int = Self.maximumLines) {
        self.maximumLineLength = maximumLineLength
        self.maximumLines = maximumLines
    }

    /// Hands `body` each line that `chunk` ends, then keeps the rest for the next chunk.
    /// Throws a `Refusal`, or what `body` throws.
    public mutating func split(_ chunk: UnsafeRawBufferPointer, _ body: ([UInt8]) throws -> Void) throws {
        var start = 0
        while let newline = chunk[start...].firstIndex(of: 0x0a) {
            try check(partial.count + newline - start)
            if partial.isEmpty {
                try take(Array(chunk[start..<newline]), body)
            } else {
                makeRoom(for: partial.count + newline - start)
                partial.append(contentsOf: chunk[start..<newline])
                try take(partial, body)
                partial.removeAll(keepingCapacity: true)
            }
            start = newline + 1
        }
        try check(partial.count + chunk.count - start)
        makeRoom(for: partial.count + chunk.count - start)
        partial.append(contentsOf: chunk[start...])
    }

    /// Hands `body` the last line, when the input does not end with a newline.
    public mutating func finish(_ body: ([UInt8]) throws -> Void) throws {
        if !partial.isEmpty { try take(partial, body) }
        partial.removeAll()
    }

    /// `line` as text, refused rather than read with replacement characters when it is not
    /// valid UTF-8.
    public static func text(_ line: [UInt8]) throws(NotUTF8) -> String {
        if let text = String(validating: line, as: UTF8.self) { return text }
        throw NotUTF8(byteOffset: firstInvalidByte(line))
    }

    private mutating func take(_ line: [UInt8], _ body: ([UInt8]) throws -> Void) throws {
        guard linesRead < maximumLines else { throw Refusal.tooManyLines(limit: maximumLines) }
        linesRead += 1
        try body(line)
    }

    /// Refuses the line being read once it is longer than the bound.
    private func check(_ length: Int) throws(Refusal) {
        guard length > maximumLineLength else { return }
        throw .lineTooLong(line: linesRead + 1, limit: maximumLineLength)
    }

    private mutating func makeRoom(for count: Int) {
        guard count > partial.capacity, count > Self.doublingLimit, partial.capacity < maximumLineLength else { return }
        partial.reserveCapacity(maximumLineLength)
    }

    private static func firstInvalidByte(_ bytes: [UInt8]) -> Int {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput, .error: return offset
            }
        }
    }
}
