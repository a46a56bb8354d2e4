/// Counts the elements directly under the root of an XML document with a plain byte scan.
///
/// A real XML parser won't do: exports carry control characters and a broken DTD, which
/// make them ill-formed on purpose. The scan relies only on what any export keeps: `<` and
/// `>` never appear raw inside attribute values, and the DTD ends with `]>`.
struct TopLevelElementScan {
    private(set) var elements: [String: Int] = [:]
    /// Top-level `<Record>`s by their `type` attribute.
    private(set) var recordsByType: [String: Int] = [:]
    /// Every `<Record>` at any depth: top level and inside correlations.
    private(set) var allRecords = 0

    init(_ xml: [UInt8]) {
        var index = 0
        var depth = 0
        while let open = xml[index...].firstIndex(of: UInt8(ascii: "<")) {
            let next = xml[open + 1]
            if next == UInt8(ascii: "!") && xml[open...].starts(with: Array("<!DOCTYPE".utf8)) {
                index = Self.find(Array("]>".utf8), in: xml, from: open) + 2
                continue
            }
            guard let close = xml[open...].firstIndex(of: UInt8(ascii: ">")) else { break }
            index = close + 1
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") { continue }
            if next == UInt8(ascii: "/") {
                depth -= 1
                continue
            }
            let tag = xml[(open + 1)..<close]
            let nameEnd = tag.firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\n") } ?? tag.endIndex
            let name = String(decoding: tag[tag.startIndex..<nameEnd], as: UTF8.self)
            if name == "Record" { allRecords += 1 }
            if depth == 1 {
                elements[name, default: 0] += 1
                if name == "Record", let type = Self.attribute("type", in: tag) { recordsByType[type, default: 0] += 1 }
            }
            if xml[close - 1] != UInt8(ascii: "/") { depth += 1 }
        }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return bytes.count
    }

    private static func attribute(_ name: String, in tag: ArraySlice<UInt8>) -> String? {
        let marker = Array(" \(name)=\"".utf8)
        var index = tag.startIndex
        while index + marker.count <= tag.endIndex {
            if tag[index..<(index + marker.count)].elementsEqual(marker) {
                let start = index + marker.count
                let end = tag[start...].firstIndex(of: UInt8(ascii: "\"")) ?? tag.endIndex
                return String(decoding: tag[start..<end], as: UTF8.self)
            }
            index += 1
        }
        return nil
    }
}
