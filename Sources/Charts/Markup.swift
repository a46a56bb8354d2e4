/// Text made safe to place in XML or HTML: as an element's text, or as an attribute's value
/// in double quotes. The one escape every page and picture is written with.
///
/// It looks at Unicode scalars, not at `Character`s: a quote followed by a combining mark
/// (`"` U+0301) is one `Character` that is not `"`, yet a browser's or an XML parser's
/// tokenizer still reads the quote, and the attribute would end there.
public enum Markup {
    /// The quote characters escaped besides `&`, `<` and `>`.
    public enum Quotes: Sendable {
        /// `"` alone: every attribute of the document is written in double quotes.
        case double
        /// `"` and `'`: also safe in an attribute someone writes in single quotes.
        case doubleAndSingle
    }

    public static func escape(_ text: String, quotes: Quotes = .doubleAndSingle) -> String {
        let apostrophe = quotes == .doubleAndSingle
        guard text.utf8.contains(where: { Self.isSpecial($0, apostrophe: apostrophe) }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'" where apostrophe: escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func isSpecial(_ byte: UInt8, apostrophe: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""): true
        case UInt8(ascii: "'"): apostrophe
        default: false
        }
    }
}
