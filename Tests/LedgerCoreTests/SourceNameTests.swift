import Foundation
import PropertyBased
import Testing
@testable import LedgerCore

/// `log --source` finds a source's events whatever the case or Unicode form its name is typed
/// in, and the text index files each event under its source's key: both rest on the key being
/// the same for every way of writing one name.
@Suite("Source names")
struct SourceNameTests {
    /// Pieces of names with what trips comparing them: case, ß and ẞ, accents composed and
    /// not, the Kelvin and Ohm signs, ligatures, Greek final sigma and iota subscript, dotted
    /// i, a typographic apostrophe.
    static let pieces = [
        "Apple Watch", "iPhone", "Stra\u{DF}e", "\u{1E9E}", "Caf\u{E9}", "Cafe\u{301}", "\u{212A}", "\u{2126}hm", "\u{FB01}t", "\u{3A3}\u{3C3}\u{3C2}",
        "\u{130}stanbul", "Tom\u{2019}s", " ", "J\u{F6}rg", "\u{1C5}", "\u{1F80}", "-", "7",
    ]

    static let names = Gen.int(in: 0..<pieces.count).array(of: 1...5).map { $0.map { pieces[$0] }.joined() }

    /// Uppercasing loses what folding keeps for a few letters (dotless ı becomes I), so it is
    /// left out of the pieces above and checked here.
    @Test func aNameHasOneKeyInEveryCaseAndForm() async {
        await propertyCheck(input: Self.names) { name in
            let key = SourceName.key(name)
            for written in [name.uppercased(), name.lowercased(), name.decomposedStringWithCanonicalMapping, name.precomposedStringWithCanonicalMapping] {
                #expect(SourceName.key(written) == key, "\(name) as \(written)")
                #expect(SourceName.code(written) == SourceName.code(name))
                #expect(SourceName.code(utf8: ArraySlice(written.utf8)) == SourceName.code(name))
            }
        }
    }

    /// Names Foundation's case-insensitive comparison calls equal are one source, as `log
    /// --source` compared them before the index. The key folds a little more: a Greek letter
    /// with iota subscript (ᾀ) equals its uppercase form (ἈΙ), which that comparison does not.
    @Test func namesACaseInsensitiveComparisonCallsEqualHaveOneKey() async {
        await propertyCheck(input: Self.names, Self.names, Gen.int(in: 0...2)) { first, other, variant in
            let second = [other, first.uppercased(), first.lowercased().decomposedStringWithCanonicalMapping][variant]
            if first.caseInsensitiveCompare(second) == .orderedSame {
                #expect(SourceName.key(first) == SourceName.key(second), "\(first) and \(second)")
            } else {
                #expect(SourceName.key(first) != SourceName.key(second) || first.unicodeScalars.contains("\u{1F80}"), "\(first) and \(second)")
            }
        }
    }

    @Test func namesThatDifferOnlyInCaseOrFormAreOneSource() {
        for (typed, stored) in [("apple watch", "Apple Watch"), ("STRASSE", "Stra\u{DF}e"), ("kelvin", "\u{212A}elvin"), ("caf\u{E9}", "CAFE\u{301}"), ("fit", "\u{FB01}t"),
                                ("tom\u{2019}s iphone", "Tom\u{2019}s iPhone")] {
            #expect(SourceName.matches(stored, key: SourceName.key(typed)), "\(typed) and \(stored)")
        }
        for (typed, stored) in [("Apple Watch", "Apple Watch 2"), ("Tom's iPhone", "Tom\u{2019}s iPhone"), ("cafe", "Caf\u{E9}"), ("istanbul", "\u{130}stanbul"), ("I", "\u{131}")] {
            #expect(!SourceName.matches(stored, key: SourceName.key(typed)), "\(typed) and \(stored)")
        }
    }

    @Test func sourceCodesFollowTheGramsCodes() async {
        await propertyCheck(input: Self.names) { name in
            #expect((PayloadText.codeCount..<PayloadText.indexCodeCount).contains(Int(SourceName.code(name))))
        }
    }
}
