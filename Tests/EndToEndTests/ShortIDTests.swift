import Foundation
import Testing
import TestSupport

/// What a listing shows can be typed back: `#N`, `N` or the short id, into every command that takes an event.
@Suite struct ShortIDTests {
    /// `#N 1a2b3c4d` from a "stored …" line.
    static func label(_ stored: String) throws -> (number: String, short: String) {
        let words = stored.split(separator: " ").map(String.init)
        try #require(words.count > 3 && words[0] == "stored" && words[1].hasPrefix("#"), "\(stored)")
        return (words[1], words[2])
    }

    @Test func whatStoredAndLogShowIsWhatShowCorrectAndRetractTake() throws {
        let vault = try CLIVault()
        let first = try Self.label(vault.ok(["mood", "7"]))
        let second = try Self.label(vault.ok(["mood", "4"]))
        #expect(first.short.count == 8 && first.short.allSatisfy(\.isHexDigit))
        let log = try vault.ok(["log"])
        #expect(log.contains("\(first.number) \(first.short)  "), "\(log)")
        #expect(log.contains("\(second.number) \(second.short)  "), "\(log)")

        for typed in [first.short, first.number, String(first.number.dropFirst()), first.short.uppercased()] {
            let shown = try vault.ok(["show", typed])
            #expect(shown.hasPrefix("\(first.number) mood.rated"), "show \(typed): \(shown)")
        }
        let corrected = try vault.ok(["correct", first.short, "rating=6"])
        #expect(corrected.contains("event.corrected"), "\(corrected)")
        #expect(try vault.ok(["show", first.number]).contains("\"rating\":6"))
        try vault.ok(["retract", String(second.number.dropFirst())])
        #expect(try vault.ok(["show", second.short]).contains("RETRACTED"))
    }

    @Test func anAmbiguousPrefixListsItsMatches() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "7", "--id", "abcdef01100000000000000000000001"])
        try vault.ok(["mood", "5", "--id", "abcdef01200000000000000000000002"])
        let ambiguous = try vault.run(["show", "abcdef01"])
        #expect(ambiguous.status == 65)
        #expect(ambiguous.stderr.contains("abcdef01 starts 2 event ids"), "\(ambiguous.stderr)")
        #expect(ambiguous.stderr.contains("#0 abcdef01100000000000000000000001 mood.rated"), "\(ambiguous.stderr)")
        #expect(ambiguous.stderr.contains("#1 abcdef01200000000000000000000002 mood.rated"), "\(ambiguous.stderr)")
        #expect(try vault.ok(["show", "abcdef011"]).hasPrefix("#0 mood.rated"), "one more digit resolves it")

        let tooShort = try vault.run(["show", "abcdef0"])
        #expect(tooShort.status == 65)
        #expect(tooShort.stderr.contains("at least 8 hex digits"), "\(tooShort.stderr)")
        let missing = try vault.run(["show", "#99"])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("no event #99"), "\(missing.stderr)")
    }

    @Test func aSessionIsNamedByTheNumberOfItsStart() throws {
        let vault = try CLIVault()
        let started = try vault.ok(["session", "start", "--note", "before work"])
        let number = try #require(started.split(separator: "(").last?.split(separator: ",").first.map(String.init))
        #expect(number.hasPrefix("#"), "\(started)")
        try vault.ok(["session", "add", "Headache"])
        #expect(try vault.ok(["history", "show", number]).contains("Headache"))
        let notASession = try vault.run(["history", "show", "#1"])
        #expect(notASession.status == 65)
        #expect(notASession.stderr.contains("not the start of a session"), "\(notASession.stderr)")
    }
}
