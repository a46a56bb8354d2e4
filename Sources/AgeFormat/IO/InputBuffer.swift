import LedgerCore

/// Buffers an ``AgeInput`` so the header can be read line by line and the payload in
/// whole chunks, with one byte of look-ahead to find where the file ends.
final class InputBuffer {
    private let input: any AgeInput
    private var storage: [UInt8]
    private var start = 0
    private var end = 0

    init(_ input: any AgeInput, capacity: Int = 16 * 1024) {
        self.input = input
        storage = [UInt8](repeating: 0, count: capacity)
    }

    /// The next line including its LF; without one when the input ends first (empty at the end),
    /// and cut at `limit` bytes so a hostile file cannot make it grow without bound.
    func readLine(limit: Int) throws -> [UInt8] {
        var line: [UInt8] = []
        while line.count < limit {
            if start == end, try refill() == 0 { break }
            let available = storage[start..<min(end, start + limit - line.count)]
            if let newline = available.firstIndex(of: 0x0A) {
                line.append(contentsOf: storage[start...newline])
                start = newline + 1
                return line
            }
            line.append(contentsOf: available)
            start += available.count
        }
        return line
    }

    /// Fills `buffer` unless the input ends first; returns how many bytes it holds.
    func readFully(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = min(end - start, buffer.count)
        if filled > 0 {
            // Cannot fail: both hold at least `filled` bytes, which is not zero.
            storage.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + start, byteCount: filled) }
        }
        start += filled
        while filled < buffer.count {
            let count = try input.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    /// Up to `count` next bytes (fewer only at the end), left for the next read.
    func peek(upTo count: Int) throws -> ArraySlice<UInt8> {
        precondition(count <= storage.count)
        if end - start < count {
            storage.replaceSubrange(0..<(end - start), with: storage[start..<end])
            end -= start
            start = 0
            while end < count {
                let read = try storage.withUnsafeMutableBytes { try input.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[end...])) }
                if read == 0 { break }
                end += read
            }
        }
        return storage[start..<min(end, start + count)]
    }

    /// Whether the input has no more bytes.
    func atEnd() throws -> Bool {
        start == end ? try refill() == 0 : false
    }

    private func refill() throws -> Int {
        let count = try storage.withUnsafeMutableBytes { try input.read(into: $0) }
        start = 0
        end = count
        return count
    }
}
