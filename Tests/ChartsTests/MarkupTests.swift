import Charts
import PropertyBased
import Testing

/// The one markup escape: what it writes reads back as the text given, and no character of
/// the text can end an attribute or open a tag.
@Suite struct MarkupTests {
    /// Markup characters, combining marks and joiners that attach to them, and ordinary text.
    static let scalars: [Unicode.Scalar] = ["&", "<", ">", "\"", "'", "a", " ", "é", "\u{301}", "\u{20DD}", "\u{200D}", "\u{1F468}", ";", "#"]
    static let texts = Gen.element(of: scalars).map { $0 ?? "a" }.array(of: 0...24).map { String(String.UnicodeScalarView($0)) }

    @Test(arguments: [Markup.Quotes.double, .doubleAndSingle])
    func escapedTextReadsBackAsTheTextAndHoldsNoMarkupCharacter(quotes: Markup.Quotes) async {
        await propertyCheck(count: 400, input: Self.texts) { text in
            let escaped = Markup.escape(text, quotes: quotes)
            let raw: Set<Unicode.Scalar> = quotes == .double ? ["<", ">", "\""] : ["<", ">", "\"", "'"]
            #expect(!escaped.unicodeScalars.contains { raw.contains($0) }, "\(Array(text.unicodeScalars))")
            #expect(Array(Self.unescape(escaped).utf8) == Array(text.utf8), "\(Array(text.unicodeScalars))")
        }
    }

    /// A quote with a combining mark after it is one `Character` that is not `"`, but a
    /// browser still ends the attribute at it.
    @Test func aQuoteFollowedByACombiningMarkIsEscaped() {
        #expect(Array(Markup.escape("x\"\u{301} onclick=\"go()").utf8) == Array("x&quot;\u{301} onclick=&quot;go()".utf8))
        #expect(Array(Markup.escape("<\u{20DD}b>").utf8) == Array("&lt;\u{20DD}b&gt;".utf8))
    }

    /// SVG documents quote every attribute with `"`, so an apostrophe stays as it is there.
    @Test func anApostropheIsEscapedOnlyWhereAsked() {
        #expect(Markup.escape("Ann's \"run\"", quotes: .double) == "Ann's &quot;run&quot;")
        #expect(Markup.escape("Ann's \"run\"") == "Ann&#39;s &quot;run&quot;")
    }

    static func unescape(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        let entities = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'"]
        while let ampersand = rest.unicodeScalars.firstIndex(of: "&") {
            result.unicodeScalars.append(contentsOf: rest.unicodeScalars[..<ampersand])
            let tail = Substring(rest.unicodeScalars[ampersand...])
            guard let entity = entities.first(where: { tail.unicodeScalars.starts(with: $0.key.unicodeScalars) }) else {
                result += "?"
                rest = Substring(tail.unicodeScalars.dropFirst())
                continue
            }
            result += entity.value
            rest = Substring(tail.unicodeScalars.dropFirst(entity.key.unicodeScalars.count))
        }
        result.unicodeScalars.append(contentsOf: rest.unicodeScalars)
        return result
    }
}
