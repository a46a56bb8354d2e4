#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A streaming scanner of XML tags, fed chunks as they are inflated, holding only the
/// unfinished tag between chunks: memory stays flat whatever the document's size.
///
/// It reads what Apple Health writes, not all of XML: tags and attributes, with text,
/// comments, processing instructions and the DOCTYPE skipped. The DOCTYPE is skipped
/// unread on purpose: iOS 16 wrote a broken one, and validating real exports fails anyway
/// (`WorkoutActivity` is not in `Workout`'s declared content). Control characters that
/// XML forbids but exports contain are dropped from values instead of stopping the import.
public final class XMLTagScanner {
    public let file: String
    private var buffer: [UInt8] = []
    /// The first byte of `buffer` not yet scanned.
    private var start = 0
    /// Where `buffer[0]` is in the document, and the line it is on.
    private var bufferOffset = 0
    private var bufferLine = 1
    /// The document offset just after the last newline before `buffer[0]`.
    private var bufferLineStart = 0
    private var openElements: [Int] = []
    private var elementNames: [[UInt8]] = []
    private var spans: [AttributeSpan] = []
    private var decoded: [UInt8] = []
    private var attributes: [XMLAttribute] = []
    private var rootSeen = false
    /// A tag longer than this is not a tag an export writes: the file is garbled.
    private let longestTag = 16 << 20

    public init(file: String) { self.file = file }

    /// Bytes consumed so far.
    public var offset: Int { bufferOffset + start }

    /// Scans `chunk` after whatever was left over, calling `visit` for every complete tag
    /// and, when given, `text` for the characters before each tag (entities decoded).
    public func feed(
        _ chunk: UnsafeRawBufferPointer, _ visit: (XMLTag) throws -> Void, text: ((UnsafeBufferPointer<UInt8>) throws -> Void)? = nil
    ) throws {
        discardScanned()
        buffer.append(contentsOf: chunk)
        try scan(visit, text: text)
        if buffer.count - start > longestTag {
            throw error(at: offset, "a tag longer than \(longestTag >> 20) MB: the file is not an Apple Health export or is garbled")
        }
    }

    /// Checks the document ended where it should: not inside a tag, with the root closed.
    public func finish() throws {
        let rest = buffer[start...]
        if let first = rest.firstIndex(where: { !Self.isSpace($0) }) {
            throw error(at: bufferOffset + first, "the file ends inside a tag: it is truncated")
        }
        if let innermost = openElements.last {
            let name = String(decoding: elementNames[innermost], as: UTF8.self)
            throw error(at: bufferOffset + buffer.count, "the file ends inside <\(name)> with \(openElements.count) element(s) still open: it is truncated")
        }
        if !rootSeen { throw error(at: bufferOffset + buffer.count, "no XML element found: this is not an Apple Health export") }
    }

    /// Line and column (both from 1) of a document offset at or after the buffer's start.
    public func location(of documentOffset: Int) -> (line: Int, column: Int) {
        var line = bufferLine
        var lineStart = bufferLineStart
        let end = min(max(documentOffset - bufferOffset, 0), buffer.count)
        buffer.withUnsafeBufferPointer { bytes in
            var index = 0
            // Cannot fail: `end` is at most the buffer's count and more than `index`, so the buffer is not
            // empty.
            while index < end, let found = memchr(bytes.baseAddress! + index, 0x0A, end - index) {
                // Cannot fail: as above, the buffer is not empty.
                let position = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                line += 1
                lineStart = bufferOffset + position + 1
                index = position + 1
            }
        }
        return (line, documentOffset - lineStart + 1)
    }

    func error(at documentOffset: Int, _ reason: String) -> XMLSyntaxError {
        let (line, column) = location(of: documentOffset)
        return XMLSyntaxError(file: file, line: line, column: column, reason: reason)
    }

    private func discardScanned() {
        guard start > 0 else { return }
        let (line, column) = location(of: bufferOffset + start)
        bufferLine = line
        bufferLineStart = bufferOffset + start - column + 1
        buffer.removeFirst(start)
        bufferOffset += start
        start = 0
    }

    private func scan(_ visit: (XMLTag) throws -> Void, text: ((UnsafeBufferPointer<UInt8>) throws -> Void)?) throws {
        try buffer.withUnsafeBufferPointer { bytes in
            // An empty buffer (no document yet) may have no address, and holds no tag.
            guard let base = bytes.baseAddress else { return }
            let count = bytes.count
            var index = start
            while index < count {
                guard let found = memchr(base + index, 0x3C /* < */, count - index) else {
                    // Text runs on into the next chunk: keep it whole when someone reads it.
                    if text == nil { index = count }
                    break
                }
                let tagStart = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if let text, tagStart > index {
                    try deliverText(UnsafeBufferPointer(start: base + index, count: tagStart - index), to: text)
                }
                guard let next = try scanTag(base, count, tagStart, visit) else {
                    index = tagStart
                    break
                }
                index = next
            }
            start = index
        }
    }

    private func deliverText(_ raw: UnsafeBufferPointer<UInt8>, to text: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        guard raw.contains(where: { !Self.isSpace($0) }) else { return }
        guard raw.contains(0x26) else { return try text(raw) }
        var decodedText: [UInt8] = []
        XMLEntities.decode(raw, into: &decodedText)
        try decodedText.withUnsafeBufferPointer { try text($0) }
    }

    /// Scans the markup at `at` (a `<`); returns where the next begins, or nil when the chunk ends first.
    private func scanTag(_ base: UnsafePointer<UInt8>, _ count: Int, _ at: Int, _ visit: (XMLTag) throws -> Void) throws -> Int? {
        guard at + 1 < count else { return nil }
        switch base[at + 1] {
        case 0x2F: return try scanClose(base, count, at, visit)
        case 0x3F: return find([0x3F, 0x3E], base, count, from: at + 2)
        case 0x21: return try scanDeclaration(base, count, at)
        default: return try scanOpen(base, count, at, visit)
        }
    }

    /// Comments, CDATA and the DOCTYPE (with its internal subset, read only to find its end).
    private func scanDeclaration(_ base: UnsafePointer<UInt8>, _ count: Int, _ at: Int) throws -> Int? {
        guard at + 4 <= count else { return nil }
        if base[at + 2] == 0x2D, base[at + 3] == 0x2D { return find([0x2D, 0x2D, 0x3E], base, count, from: at + 4) }
        if matches("<![CDATA[", base, count, at) { return find([0x5D, 0x5D, 0x3E], base, count, from: at + 9) }
        var index = at + 2
        while index < count, base[index] != 0x5B, base[index] != 0x3E { index += 1 }
        guard index < count else { return nil }
        guard base[index] == 0x5B else { return index + 1 }
        // An internal subset ends at `]` and `>`; a broken declaration inside (iOS 16's
        // missing `>`) does not matter because nothing in it is read.
        while true {
            guard let close = find([0x5D], base, count, from: index + 1) else { return nil }
            var after = close
            while after < count, Self.isSpace(base[after]) { after += 1 }
            guard after < count else { return nil }
            if base[after] == 0x3E { return after + 1 }
            index = close - 1
        }
    }

    private func scanClose(_ base: UnsafePointer<UInt8>, _ count: Int, _ at: Int, _ visit: (XMLTag) throws -> Void) throws -> Int? {
        var index = at + 2
        while index < count, !Self.endsName(base[index]) { index += 1 }
        let nameEnd = index
        while index < count, Self.isSpace(base[index]) { index += 1 }
        guard index < count else { return nil }
        guard base[index] == 0x3E else { throw error(at: bufferOffset + index, "expected '>' to end the closing tag") }
        let name = UnsafeBufferPointer(start: base + at + 2, count: nameEnd - at - 2)
        guard let open = openElements.popLast() else {
            throw error(at: bufferOffset + at, "</\(name.string)> closes an element that was never opened")
        }
        guard elementNames[open].withUnsafeBufferPointer({ $0.elementsEqual(name) }) else {
            let expected = String(decoding: elementNames[open], as: UTF8.self)
            throw error(at: bufferOffset + at, "</\(name.string)> where </\(expected)> was expected: the file is garbled")
        }
        try visit(XMLTag(kind: .close, name: name, attributes: UnsafeBufferPointer(start: nil, count: 0), offset: bufferOffset + at))
        return index + 1
    }

    private func scanOpen(_ base: UnsafePointer<UInt8>, _ count: Int, _ at: Int, _ visit: (XMLTag) throws -> Void) throws -> Int? {
        var index = at + 1
        while index < count, !Self.endsName(base[index]) { index += 1 }
        guard index < count else { return nil }
        guard index > at + 1 else { throw error(at: bufferOffset + at, "'<' is not followed by an element name: the file is garbled") }
        let name = UnsafeBufferPointer(start: base + at + 1, count: index - at - 1)
        spans.removeAll(keepingCapacity: true)
        decoded.removeAll(keepingCapacity: true)
        let kind: XMLTag.Kind
        while true {
            while index < count, Self.isSpace(base[index]) { index += 1 }
            guard index < count else { return nil }
            let byte = base[index]
            if byte == 0x3E {
                kind = .open
                index += 1
                break
            }
            if byte == 0x2F {
                guard index + 1 < count else { return nil }
                guard base[index + 1] == 0x3E else { throw error(at: bufferOffset + index, "expected '/>' in <\(name.string)>") }
                kind = .empty
                index += 2
                break
            }
            guard let next = try scanAttribute(base, count, index, element: name) else { return nil }
            index = next
        }
        if openElements.isEmpty {
            if rootSeen { throw error(at: bufferOffset + at, "<\(name.string)> after the document's root element ended") }
            rootSeen = true
        }
        if kind == .open { openElements.append(nameIndex(name)) }
        try decoded.withUnsafeBufferPointer { decodedBytes in
            attributes.removeAll(keepingCapacity: true)
            for span in spans {
                // A decoded value may be empty, and so may `decoded`, which then has no address.
                let valueBase = span.isDecoded ? decodedBytes.baseAddress : base
                attributes.append(XMLAttribute(
                    name: UnsafeBufferPointer(start: base + span.name.lowerBound, count: span.name.count),
                    value: UnsafeBufferPointer(start: valueBase.map { $0 + span.value.lowerBound }, count: span.value.count)))
            }
            try attributes.withUnsafeBufferPointer { list in
                try visit(XMLTag(kind: kind, name: name, attributes: list, offset: bufferOffset + at))
            }
        }
        return index
    }

    /// One `name="value"`; returns the index after its closing quote, or nil when the chunk ends first.
    private func scanAttribute(_ base: UnsafePointer<UInt8>, _ count: Int, _ at: Int, element: UnsafeBufferPointer<UInt8>) throws -> Int? {
        var index = at
        while index < count, base[index] != 0x3D, !Self.endsName(base[index]), base[index] != 0x3C { index += 1 }
        guard index < count else { return nil }
        guard index > at else {
            throw error(at: bufferOffset + index, "unexpected '\(Self.shown(base[index]))' in <\(element.string)>: the file is garbled")
        }
        let nameRange = at..<index
        while index < count, Self.isSpace(base[index]) { index += 1 }
        guard index < count else { return nil }
        // Made only for an error: a String per attribute cost more than scanning it.
        var attributeName: String { String(decoding: UnsafeBufferPointer(start: base + at, count: nameRange.count), as: UTF8.self) }
        guard base[index] == 0x3D else { throw error(at: bufferOffset + index, "attribute '\(attributeName)' in <\(element.string)> has no value") }
        index += 1
        while index < count, Self.isSpace(base[index]) { index += 1 }
        guard index < count else { return nil }
        let quote = base[index]
        guard quote == 0x22 || quote == 0x27 else {
            throw error(at: bufferOffset + index, "the value of '\(attributeName)' in <\(element.string)> is not in quotes")
        }
        let valueStart = index + 1
        guard let found = memchr(base + valueStart, Int32(quote), count - valueStart) else { return nil }
        let valueEnd = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        var plain = true
        let special = Self.firstSpecialByte(base, valueStart..<valueEnd) ?? valueEnd
        for position in special..<valueEnd where base[position] < 0x20 || base[position] == 0x26 || base[position] == 0x3C {
            if base[position] == 0x3C {
                throw error(at: bufferOffset + position, "'<' inside the value of '\(attributeName)' in <\(element.string)>: a quote is missing or the file is garbled")
            }
            plain = false
        }
        if plain {
            spans.append(AttributeSpan(name: nameRange, value: valueStart..<valueEnd, isDecoded: false))
        } else {
            let decodedStart = decoded.count
            XMLEntities.decode(UnsafeBufferPointer(start: base + valueStart, count: valueEnd - valueStart), into: &decoded)
            spans.append(AttributeSpan(name: nameRange, value: decodedStart..<decoded.count, isDecoded: true))
        }
        let after = valueEnd + 1
        guard after < count else { return nil }
        guard Self.isSpace(base[after]) || base[after] == 0x3E || base[after] == 0x2F else {
            throw error(at: bufferOffset + after, "expected a space after the value of '\(attributeName)' in <\(element.string)>")
        }
        return after
    }

    private func nameIndex(_ name: UnsafeBufferPointer<UInt8>) -> Int {
        // Exports use a few dozen element names; a linear search over them is cheaper than hashing.
        for (index, known) in elementNames.enumerated() where known.withUnsafeBufferPointer({ $0.elementsEqual(name) }) {
            return index
        }
        elementNames.append(Array(name))
        return elementNames.count - 1
    }

    /// The index after the first occurrence of `pattern` at or after `from`, or nil.
    private func find(_ pattern: [UInt8], _ base: UnsafePointer<UInt8>, _ count: Int, from: Int) -> Int? {
        var index = from
        while index + pattern.count <= count {
            guard let found = memchr(base + index, Int32(pattern[0]), count - index) else { return nil }
            let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            guard position + pattern.count <= count else { return nil }
            if memcmp(base + position, pattern, pattern.count) == 0 { return position + pattern.count }
            index = position + 1
        }
        return nil
    }

    private func matches(_ literal: StaticString, _ base: UnsafePointer<UInt8>, _ count: Int, _ at: Int) -> Bool {
        at + literal.utf8CodeUnitCount <= count && memcmp(base + at, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }

    /// Where `range` first holds a control character, '&' or '<', or nil. Eight bytes a
    /// step: values are mostly dates and identifiers of 20–50 plain bytes, and looking at
    /// them one by one showed in the import's main thread (docs/performance.md, `XMLTagScanner`).
    @inline(__always) static func firstSpecialByte(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) -> Int? {
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        // A byte below n (n ≤ 128), or a zero byte, sets its high bit in these.
        func hasByteBelow(_ word: UInt64, _ n: UInt8) -> Bool { (word &- ones &* UInt64(n)) & ~word & highBits != 0 }
        func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool { hasByteBelow(word ^ (ones &* UInt64(byte)), 1) }
        var index = range.lowerBound
        let raw = UnsafeRawPointer(base)
        while index + 8 <= range.upperBound {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if hasByteBelow(word, 0x20) || hasByte(word, 0x26) || hasByte(word, 0x3C) { break }
            index += 8
        }
        while index < range.upperBound {
            if base[index] < 0x20 || base[index] == 0x26 || base[index] == 0x3C { return index }
            index += 1
        }
        return nil
    }

    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    @inline(__always) static func endsName(_ byte: UInt8) -> Bool { isSpace(byte) || byte == 0x3E || byte == 0x2F }

    static func shown(_ byte: UInt8) -> String { byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x\(String(byte, radix: 16))" }
}

private struct AttributeSpan {
    let name: Range<Int>
    let value: Range<Int>
    /// The value lies in the decoded buffer rather than the document.
    let isDecoded: Bool
}
