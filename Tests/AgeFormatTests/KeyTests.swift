import AgeFormat
import Testing

/// age key strings: the spec's example pair, Bech32 checks, identity files.
@Suite struct KeyTests {
    // The X25519 example of c2sp.org/age.
    static let specIdentity = "AGE-SECRET-KEY-1GFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPQ4EGAEX"
    static let specRecipient = "age1zvkyg2lqzraa2lnjvqej32nkuu0ues2s82hzrye869xeexvn73equnujwj"

    @Test func specIdentityGivesTheSpecRecipient() throws {
        let identity = try AgeIdentity(parsing: Self.specIdentity)
        #expect(identity.recipient?.encoded == Self.specRecipient)
        #expect(identity.secretKeyString() == Self.specIdentity)
        #expect(try AgeRecipient(parsing: Self.specRecipient).encoded == Self.specRecipient)
    }

    @Test func generatedKeysSurviveTheirTextForm() throws {
        for _ in 0..<200 {
            let identity = AgeIdentity.generateX25519()
            let text = try #require(identity.secretKeyString())
            #expect(text.hasPrefix("AGE-SECRET-KEY-1") && text == text.uppercased())
            let parsed = try AgeIdentity(parsing: text)
            #expect(parsed.secretKeyString() == text)
            let recipient = try #require(identity.recipient?.encoded)
            #expect(recipient.hasPrefix("age1") && recipient.count == 62)
            #expect(try AgeRecipient(parsing: recipient).encoded == recipient)
            #expect(parsed.recipient?.encoded == recipient)
        }
    }

    @Test func lowercaseIdentityIsTheSameKey() throws {
        let identity = try AgeIdentity(parsing: Self.specIdentity.lowercased())
        #expect(identity.recipient?.encoded == Self.specRecipient)
    }

    @Test(arguments: [
        "age1zvkyg2lqzraa2lnjvqej32nkuu0ues2s82hzrye869xeexvn73equnujwq",  // last character changed
        "age1zvkyg2lqzraa2lnjvqej32nkuu0ues2s82hzrye869xeexvn73equnUjwj",  // mixed case
        "age1zvkyg2lqzraa2lnjvqej32nkuu0ues2s82hzrye869xeexvn73eqnujwj",   // a character missing
        "age1qyqszqgpqyqszqgpqyqszqgpqyqszqgp0mqs9d",                      // 24 bytes, not 32
        "bge1zvkyg2lqzraa2lnjvqej32nkuu0ues2s82hzrye869xeexvn73equnujwj",  // another prefix
        Self.specIdentity,                                                  // a secret key, not a recipient
    ])
    func badRecipientStringIsRefused(_ text: String) {
        #expect(throws: AgeError.self) { try AgeRecipient(parsing: text) }
    }

    @Test func identityFileSkipsCommentsAndBlankLines() throws {
        let other = AgeIdentity.generateX25519()
        let file = "# created: 2026-11-22T08:00:00Z\n# public key: \(Self.specRecipient)\n\(Self.specIdentity)\n\n\(other.secretKeyString()!)\n"
        let identities = try AgeIdentity.parseFile(file)
        #expect(identities.map { $0.recipient?.encoded } == [Self.specRecipient, other.recipient?.encoded])
    }

    @Test func identityFileNamesTheBadLine() {
        #expect(throws: AgeError.invalidKey(
            "line 2 of key.txt: the secret key AGE-SECRET-KEY-1… is not valid: its checksum does not match (a character is mistyped or missing)"
        )) {
            try AgeIdentity.parseFile("# key\nAGE-SECRET-KEY-1GFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPQ4EGAEQ\n", source: "key.txt")
        }
    }
}
