#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LedgerCore

/// Reads a route's track points in one pass over its bytes, for files written plainly, as
/// Apple writes them: tags with quoted attributes and text, without comments, CDATA or entity
/// references. An export holds a million points or more, and the general tag scanner's
/// callbacks cost several times more per point than this loop.
///
/// It checks the markup as the scanner does (names, quotes, nesting, one root, nothing cut
/// off) and gives up — nil — on anything else and on any value it cannot take: then
/// `GPXTrackPointReader` reads the file and names the problem and its line. On every file this
/// reader takes, the two give the same points.
struct GPXPlainRouteReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let start: Timestamp
    private var index = 0
    /// The open elements' names, as ranges of `bytes`, innermost last.
    private var open: [Range<Int>] = []
    private var points: [RoutePoint] = []
    /// The point being read, from its `<trkpt>` until its end tag.
    private var point = RoutePoint(latitude: 0, longitude: 0, offset: 0)
    private var inPoint = false
    private var time: Timestamp?
    /// Where the text of the element just opened begins; nil once another tag followed it.
    private var textStart: Int?

    private init(_ bytes: UnsafeBufferPointer<UInt8>, start: Timestamp) {
        self.bytes = bytes
        self.start = start
        open.reserveCapacity(8)
        points.reserveCapacity(bytes.count / 256)
    }

    /// The points of `bytes`, offsets in seconds from `start`; nil when the file is not plain or not right.
    static func points(in bytes: UnsafeBufferPointer<UInt8>, relativeTo start: Timestamp) -> [RoutePoint]? {
        var reader = GPXPlainRouteReader(bytes, start: start)
        return reader.read()
    }

    private mutating func read() -> [RoutePoint]? {
        var rootSeen = false
        while let tagStart = nextTag() {
            guard tagStart + 1 < bytes.count else { return nil }
            switch bytes[tagStart + 1] {
            case 0x2F:
                guard closeTag(at: tagStart) else { return nil }
            case 0x3F:
                // A processing instruction (`<?xml …?>`): read past it, as the scanner does.
                guard let end = find(0x3F, 0x3E, from: tagStart + 2) else { return nil }
                index = end
                textStart = nil
            case 0x21:
                return nil
            default:
                if open.isEmpty {
                    guard !rootSeen else { return nil }
                    rootSeen = true
                }
                guard openTag(at: tagStart) else { return nil }
            }
        }
        // The scanner keeps what follows the last tag as unfinished, and refuses it unless it is
        // blank and shorter than its longest tag.
        let rest = UnsafeBufferPointer(rebasing: bytes[index...])
        guard rootSeen, open.isEmpty, rest.count <= 16 << 20, rest.allSatisfy(XMLTagScanner.isSpace) else { return nil }
        return points
    }

    private func nextTag() -> Int? {
        // Cannot fail: `bytes` holds more than `index` bytes (the guard's first condition), so it is not
        // empty.
        guard index < bytes.count, let found = memchr(bytes.baseAddress! + index, 0x3C, bytes.count - index) else { return nil }
        return bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private mutating func openTag(at tagStart: Int) -> Bool {
        let nameStart = tagStart + 1
        var position = nameStart
        while position < bytes.count, !XMLTagScanner.endsName(bytes[position]) { position += 1 }
        guard position > nameStart else { return false }
        let name = nameStart..<position
        let isTrackPoint = slice(name).localName.elementsEqual("trkpt")
        var latitude: Range<Int>?
        var longitude: Range<Int>?
        while true {
            while position < bytes.count, XMLTagScanner.isSpace(bytes[position]) { position += 1 }
            guard position < bytes.count else { return false }
            if bytes[position] == 0x3E {
                index = position + 1
                open.append(name)
                textStart = index
                break
            }
            if bytes[position] == 0x2F {
                // `<trkpt …/>` has no time: the general reader says so.
                guard !isTrackPoint, position + 1 < bytes.count, bytes[position + 1] == 0x3E else { return false }
                index = position + 2
                textStart = nil
                return true
            }
            guard let (attributeName, value) = attribute(at: position) else { return false }
            if isTrackPoint {
                if latitude == nil, slice(attributeName).elementsEqual("lat") { latitude = value }
                if longitude == nil, slice(attributeName).elementsEqual("lon") { longitude = value }
            }
            position = value.upperBound + 1
        }
        guard isTrackPoint else { return true }
        guard !inPoint, let latitude = coordinate(latitude, within: -90...90), let longitude = coordinate(longitude, within: -180...180)
        else { return false }
        point = RoutePoint(latitude: latitude, longitude: longitude, offset: 0)
        inPoint = true
        time = nil
        return true
    }

    /// `name="value"` at `at`: the name's range and the value's, between its quotes.
    private func attribute(at: Int) -> (name: Range<Int>, value: Range<Int>)? {
        var position = at
        while position < bytes.count, bytes[position] != 0x3D, !XMLTagScanner.endsName(bytes[position]), bytes[position] != 0x3C {
            position += 1
        }
        guard position > at else { return nil }
        let name = at..<position
        while position < bytes.count, XMLTagScanner.isSpace(bytes[position]) { position += 1 }
        guard position < bytes.count, bytes[position] == 0x3D else { return nil }
        position += 1
        while position < bytes.count, XMLTagScanner.isSpace(bytes[position]) { position += 1 }
        guard position < bytes.count, bytes[position] == 0x22 || bytes[position] == 0x27 else { return nil }
        let valueStart = position + 1
        guard valueStart < bytes.count,
              // Cannot fail: `bytes` holds more than `valueStart` bytes (the condition before), so it is
              // not empty.
              let found = memchr(bytes.baseAddress! + valueStart, Int32(bytes[position]), bytes.count - valueStart) else { return nil }
        let valueEnd = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        guard !slice(valueStart..<valueEnd).contains(0x3C), valueEnd + 1 < bytes.count else { return nil }
        let after = bytes[valueEnd + 1]
        guard XMLTagScanner.isSpace(after) || after == 0x3E || after == 0x2F else { return nil }
        return (name, valueStart..<valueEnd)
    }

    private mutating func closeTag(at tagStart: Int) -> Bool {
        let nameStart = tagStart + 2
        var position = nameStart
        while position < bytes.count, !XMLTagScanner.endsName(bytes[position]) { position += 1 }
        let name = slice(nameStart..<position)
        while position < bytes.count, XMLTagScanner.isSpace(bytes[position]) { position += 1 }
        guard position < bytes.count, bytes[position] == 0x3E, let innermost = open.popLast(),
              slice(innermost).elementsEqual(name) else { return false }
        index = position + 1
        let text = textStart.map { $0..<tagStart }
        textStart = nil
        guard inPoint else { return true }
        let element = name.localName
        if element.elementsEqual("trkpt") {
            guard let time else { return false }
            point.offset = Double(time.micros - start.micros) / 1_000_000
            points.append(point)
            inPoint = false
            return true
        }
        let measurement = RoutePointMeasurement(element)
        guard measurement != nil || element.elementsEqual("time") else { return true }
        // A value is the text of an element holding nothing else, without entity references.
        guard let text, !slice(text).contains(0x26) else { return false }
        let value = trimmed(text)
        guard let measurement else {
            time = ExportDate.parse(value)?.timestamp
            return time != nil
        }
        // A dot for the decimal mark, as GPX requires.
        guard !value.contains(0x2C), let number = ExportNumber.parse(value) else { return false }
        return measurement.store(number, in: &point)
    }

    private func coordinate(_ range: Range<Int>?, within bounds: ClosedRange<Double>) -> Double? {
        // Raw bytes only: a reference or control character would be decoded by the scanner first.
        guard let range, !slice(range).contains(where: { $0 == 0x26 || $0 < 0x20 }),
              let value = ExportNumber.parse(slice(range)), bounds.contains(value) else { return nil }
        return value
    }

    private func trimmed(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, XMLTagScanner.isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, XMLTagScanner.isSpace(bytes[upper - 1]) { upper -= 1 }
        return slice(lower..<upper)
    }

    /// The index after the first `first` `second` pair at or after `from`.
    private func find(_ first: UInt8, _ second: UInt8, from: Int) -> Int? {
        var position = from
        while position + 1 < bytes.count {
            if bytes[position] == first, bytes[position + 1] == second { return position + 2 }
            position += 1
        }
        return nil
    }

    private func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[range]) }
}
