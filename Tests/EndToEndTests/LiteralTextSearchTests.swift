import Foundation
import Testing
import TestSupport

/// `log --text` with digits alone (and `.`, `-`, `+`), which no index can narrow, reads
/// every event and rules most out by the bytes of their JSON: it must still find each event
/// whose payload holds the text, in a note or in a number, and as corrected.
@Suite struct LiteralTextSearchTests {
    /// Moods whose notes hold `dose N` (N = 37 × i) and weights of 60 + i / 4 kg.
    static func lines(_ count: Int) -> String {
        (0..<count).map { index in
            let stamp = String(format: "2026-02-%02dT%02d:%02d:00Z", 1 + index / 48, index % 48 / 2, index % 2 * 30)
            return index % 3 == 2
                ? #"{"kind":"sample.recorded","start":"\#(stamp)","utcOffset":0,"payload":{"type":"HKQuantityTypeIdentifierBodyMass","value":\#(60 + Double(index) / 4),"unit":"kg"}}"#
                : #"{"kind":"mood.rated","start":"\#(stamp)","payload":{"rating":\#(index % 10 + 1),"note":"dose \#(index * 37) mg, -\#(index)"}}"#
        }.joined(separator: "\n") + "\n"
    }

    @Test func aTextOfDigitsFindsEveryEventWhoseNoteOrNumberHoldsIt() throws {
        let vault = try CLIVault()
        let count = 600
        try vault.ok(["append", "--jsonl", "-"], stdin: Self.lines(count))
        let notes = (0..<count).filter { $0 % 3 != 2 }.map { "dose \($0 * 37) mg, -\($0)" }
        let weights = (0..<count).filter { $0 % 3 == 2 }.map { String(60 + Double($0) / 4) }
        for text in ["111", "2775", "-59", "99.75", "5.5", "1234567"] {
            let expected = notes.filter { $0.contains(text) }.count + weights.filter { $0.contains(text) }.count
            let found = try vault.ok(["log", "--text=\(text)", "--all"]).split(separator: "\n").filter { !$0.hasPrefix("(") }
            #expect(found.count == expected, "\(text): \(found.count) of \(expected)")
            let page = try vault.ok(["log", "--text=\(text)", "--limit", "2"]).split(separator: "\n").filter { !$0.hasPrefix("(") }
            #expect(page.count == min(2, expected), "\(text)")
        }
        // An event found by its digits reads as corrected.
        let found = try vault.ok(["log", "--text", "22126", "--json"])
        let id = try #require(found.firstMatch(of: /"id":"([0-9a-f]{32})"/)?.1)
        try vault.ok(["correct", String(id), "rating=5"])
        #expect(try vault.ok(["log", "--text", "22126"]).contains("(corrected)"))
    }
}
