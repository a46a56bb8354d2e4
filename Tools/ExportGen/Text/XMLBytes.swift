/// UTF-8 text built byte by byte: the export is hundreds of megabytes, and appending bytes
/// is several times faster than building `String`s and converting them.
struct XMLBytes {
    var bytes: [UInt8] = []

    var count: Int { bytes.count }

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(byte: UInt8) { bytes.append(byte) }

    /// `text` as an attribute value: the five characters XML reserves become entities; every
    /// other byte, control characters included, is written as it is (real exports do the same).
    mutating func appendEscaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case UInt8(ascii: "\""): append("&quot;")
            default: bytes.append(byte)
            }
        }
    }

    /// ` name="value"`, the value escaped.
    mutating func attribute(_ name: String, _ value: String) {
        bytes.append(UInt8(ascii: " "))
        append(name)
        append("=\"")
        appendEscaped(value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// ` name="value"` for values known to need no escaping: type identifiers, units.
    mutating func plainAttribute(_ name: String, _ value: String) {
        bytes.append(UInt8(ascii: " "))
        append(name)
        append("=\"")
        append(value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Drops everything from `position` on: an element over the export's budget is unwritten.
    mutating func truncate(to position: Int) {
        bytes.removeSubrange(position...)
    }

    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }
}
