import Foundation
import Hummingbird

/// An `application/x-www-form-urlencoded` body as name → value (the last of a repeated name wins).
enum FormFields {
    static let maximumSize = 64 << 10

    static func parse(_ body: ByteBuffer) -> [String: String] {
        parse(String(buffer: body))
    }

    static func parse(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in pairs(text) { fields[name] = value }
        return fields
    }

    /// Every name=value pair in order, `+` read as a space as browsers send it (a URL's query too).
    static func pairs(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]) else { return nil }
            return (name, parts.count > 1 ? decode(parts[1]) ?? "" : "")
        }
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
