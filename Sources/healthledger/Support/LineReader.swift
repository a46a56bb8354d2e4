import Foundation
import LedgerCore

/// Lines of a file or pipe, read in chunks so memory stays flat: a line longer than
/// `maximumLength` bytes is refused before it is read to its end, and one that is not
/// valid UTF-8 is refused rather than read with replacement characters.
struct LineReader {
    /// Why a line was refused.
    enum Refusal: Error, CustomStringConvertible {
        case tooLong(limit: Int)
        case notUTF8(byteOffset: Int)

        var description: String {
            switch self {
            case .tooLong(let limit):
                "the line is longer than \(EventLimits.describe(bytes: limit)), the most an event may take; large content belongs in a blob (as `append face --image` stores one)"
            case .notUTF8(let offset): "the line is not valid UTF-8 (at byte \(offset + 1) of the line); save the file as UTF-8"
            }
        }
    }

    let handle: FileHandle
    let maximumLength: Int
    private var buffer: [UInt8] = []
    private var position = 0
    /// How many bytes after `position` are known to hold no newline, so that a long line
    /// read in many chunks is searched once, not once per chunk.
    private var searched = 0
    private var finished = false
    private static let chunkSize = 1 << 20

    init(handle: FileHandle, maximumLength: Int = EventLimits.maximumEncodedSize) {
        self.handle = handle
        self.maximumLength = maximumLength
    }

    /// The next line without its newline, or nil at the end.
    mutating func next() throws(Refusal) -> String? {
        while true {
            if let newline = buffer[(position + searched)...].firstIndex(of: 0x0a) {
                defer { position = newline + 1; searched = 0 }
                return try line(position..<newline)
            }
            searched = buffer.count - position
            guard searched <= maximumLength else { throw .tooLong(limit: maximumLength) }
            if finished {
                guard position < buffer.count else { return nil }
                defer { position = buffer.count; searched = 0 }
                return try line(position..<buffer.count)
            }
            buffer.removeSubrange(..<position)
            position = 0
            // Room for the longest line at once: grown by doubling, the buffer would hold its
            // old and new storage together (three times the limit) while copying. Pages
            // not written to take no memory.
            if buffer.capacity < maximumLength + Self.chunkSize { buffer.reserveCapacity(maximumLength + Self.chunkSize) }
            let chunk = handle.readData(ofLength: Self.chunkSize)
            if chunk.isEmpty { finished = true } else { buffer.append(contentsOf: chunk) }
        }
    }

    private func line(_ range: Range<Int>) throws(Refusal) -> String {
        guard range.count <= maximumLength else { throw .tooLong(limit: maximumLength) }
        if let text = String(validating: buffer[range], as: UTF8.self) { return text }
        throw .notUTF8(byteOffset: Self.firstInvalidByte(buffer[range]))
    }

    private static func firstInvalidByte(_ bytes: ArraySlice<UInt8>) -> Int {
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
