import Testing
@testable import HealthImport

@Suite struct StringInternerTests {
    /// Identifiers that differ only late, or only in length, like an export's type names.
    static let texts = (0..<3_000).map { "HKQuantityTypeIdentifier\(["HeartRate", "StepCount", "Sleep"][$0 % 3])\($0)" }
        + ["", "a", "ab", "abcdefgh", "abcdefghi", "ééé", "HKQuantityTypeIdentifierHeartRate"]

    @Test func everyTextComesBackAsItsOwnStringOnEveryLookup() {
        var interner = StringInterner(capacity: 8192)
        for round in 0..<3 {
            for text in Self.texts {
                var copy = text
                let found = copy.withUTF8 { interner.string($0) }
                #expect(found == text, "round \(round)")
            }
        }
    }

    @Test func transformRunsOncePerTextUntilFullThenEveryTime() {
        var interner = StringInterner(capacity: 4)
        var calls = 0
        func lookUp(_ text: String) -> String {
            var copy = text
            return copy.withUTF8 { interner.string($0) { calls += 1; return $0.uppercased() } }
        }
        for _ in 0..<5 { #expect(lookUp("kg") == "KG") }
        #expect(calls == 1)
        for text in ["a", "b", "c", "d", "e"] { #expect(lookUp(text) == text.uppercased()) }
        #expect(calls == 6)
        // Past capacity nothing more is kept, but every answer is still right.
        #expect(lookUp("e") == "E")
        #expect(calls == 7)
        #expect(lookUp("kg") == "KG")
        #expect(calls == 7)
    }
}
