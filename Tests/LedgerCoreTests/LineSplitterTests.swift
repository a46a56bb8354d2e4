import PropertyBased
import Testing
@testable import LedgerCore

/// One way bytes become lines: the same lines whatever the chunks, a line or a count past
/// its bound refused while it is read, text refused where it is not UTF-8.
@Suite("Line splitter")
struct LineSplitterTests {
    /// Bytes with newlines often enough to make blank, short and long lines.
    static let input = Gen.int(in: 0...9).map { $0 < 2 ? UInt8(0x0a) : UInt8(0x61 + $0) }.array(of: 0...600)

    static func split(_ bytes: [UInt8], cuts: [Int], into splitter: inout LineSplitter) throws -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = 0
        for cut in cuts.map({ min($0, bytes.count) }).sorted() + [bytes.count] where cut >= start {
            try bytes[start..<cut].withUnsafeBytes { chunk in try splitter.split(chunk) { lines.append($0) } }
            start = cut
        }
        try splitter.finish { lines.append($0) }
        return lines
    }

    /// The lines as `split(separator:)` gives them, with no last empty line after a final newline.
    static func expected(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines = bytes.split(separator: 0x0a, omittingEmptySubsequences: false).map(Array.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    @Test("the lines are the same whatever the chunk boundaries")
    func chunkingChangesNothing() async {
        await propertyCheck(count: 400, input: Self.input, Gen.int(in: 0...600).array(of: 0...12)) { bytes, cuts in
            var splitter = LineSplitter(maximumLineLength: 600)
            let lines = try? Self.split(bytes, cuts: cuts, into: &splitter)
            #expect(lines == Self.expected(bytes))
            #expect(splitter.linesRead == Self.expected(bytes).count)
        }
    }

    @Test("a line past the bound is refused by number, whatever the chunks; one at the bound is not")
    func lineBound() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...4), Gen.int(in: 1...40), Gen.int(in: 0...80).array(of: 0...6)) { before, limit, cuts in
            let head = [UInt8](repeating: 0x0a, count: before)
            var atBound = LineSplitter(maximumLineLength: limit)
            #expect((try? Self.split(head + [UInt8](repeating: 0x61, count: limit), cuts: cuts, into: &atBound))?.count == before + 1)
            var pastBound = LineSplitter(maximumLineLength: limit)
            #expect(throws: LineSplitter.Refusal.lineTooLong(line: before + 1, limit: limit)) {
                try Self.split(head + [UInt8](repeating: 0x61, count: limit + 1) + [0x0a], cuts: cuts, into: &pastBound)
            }
        }
    }

    @Test("more lines than the bound are refused before the one past it is handed over")
    func countBound() throws {
        var splitter = LineSplitter(maximumLineLength: 10, maximumLines: 3)
        var taken = 0
        #expect(throws: LineSplitter.Refusal.tooManyLines(limit: 3)) {
            try Array("a\nb\n\nc\n".utf8).withUnsafeBytes { chunk in try splitter.split(chunk) { _ in taken += 1 } }
        }
        #expect(taken == 3)
    }

    @Test("a long line held across many chunks comes out whole")
    func longLineAcrossChunks() throws {
        let line = (0..<(3 * LineSplitter.doublingLimit)).map { UInt8(0x61 + $0 % 26) }
        var splitter = LineSplitter(maximumLineLength: line.count)
        let cuts = Array(stride(from: 4_096, to: line.count, by: 65_536))
        #expect(try Self.split(line + [0x0a], cuts: cuts, into: &splitter) == [line])
    }

    @Test("text is the line's UTF-8; where it is not, the offset of the first bad byte")
    func text() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0x20...0x2FFF).array(of: 0...20), Gen.int(in: 0x80...0xFF)) { scalars, bad in
            let valid = String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
            #expect((try? LineSplitter.text(Array(valid.utf8))) == valid)
            // A continuation byte alone, or a lead byte followed by ASCII, is never valid.
            #expect(throws: LineSplitter.NotUTF8(byteOffset: valid.utf8.count)) {
                try LineSplitter.text(Array(valid.utf8) + [UInt8(bad), 0x41])
            }
        }
    }
}
