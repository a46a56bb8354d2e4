import AgeFormat
import Foundation
import Testing
import TestSupport

/// Files this implementation writes open with Debian's `age`, and files `age` writes open
/// here: X25519 identity files, armor, and passphrases (typed into a pseudo-terminal), both ways.
@Suite(.serialized) struct AgeInteropTests {
    static let plaintext = patterned(3 * AgeFormat.chunkSize + 12_345)
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory() }

    @Test func ageDecryptsOurX25519File() throws {
        let identity = AgeIdentity.generateX25519()
        try "# ours\n\(identity.secretKeyString()!)\n".write(toFile: scratch.path("key.txt"), atomically: true, encoding: .utf8)
        try writeFile("ours.age", try encrypt(Self.plaintext, to: [identity.recipient!], pieces: 10_000))
        try AgeCommand.run("age", ["--decrypt", "-i", scratch.path("key.txt"), "-o", scratch.path("out"), scratch.path("ours.age")])
        #expect(try readFile("out") == Self.plaintext)
    }

    @Test func weDecryptAgeX25519FileWithItsIdentityFile() throws {
        try AgeCommand.run("age-keygen", ["-o", scratch.path("key.txt")])
        let recipient = try AgeCommand.run("age-keygen", ["-y", scratch.path("key.txt")]).trimmingCharacters(in: .whitespacesAndNewlines)
        try writeFile("plain", Self.plaintext)
        try AgeCommand.run("age", ["-r", recipient, "-o", scratch.path("theirs.age"), scratch.path("plain")])
        let identities = try AgeIdentity.parseFile(String(contentsOfFile: scratch.path("key.txt"), encoding: .utf8))
        #expect(identities.first?.recipient?.encoded == recipient)
        #expect(try decrypt(try readFile("theirs.age"), with: identities) == Self.plaintext)
    }

    @Test func armorWorksBothWays() throws {
        try AgeCommand.run("age-keygen", ["-o", scratch.path("key.txt")])
        let identities = try AgeIdentity.parseFile(String(contentsOfFile: scratch.path("key.txt"), encoding: .utf8))
        try writeFile("ours.age", try encrypt(Self.plaintext, to: [identities[0].recipient!], armored: true))
        try AgeCommand.run("age", ["-d", "-i", scratch.path("key.txt"), "-o", scratch.path("out"), scratch.path("ours.age")])
        #expect(try readFile("out") == Self.plaintext)
        try writeFile("plain", Self.plaintext)
        try AgeCommand.run("age", ["-a", "-r", identities[0].recipient!.encoded!, "-o", scratch.path("theirs.age"), scratch.path("plain")])
        #expect(try decrypt(try readFile("theirs.age"), with: identities) == Self.plaintext)
    }

    @Test func ageDecryptsOurPassphraseFile() throws {
        let recipient = AgeRecipient.passphrase(secret("tr0ub4dor & 3"), workFactor: AgeRecipient.defaultWorkFactor)
        try writeFile("ours.age", try encrypt(Self.plaintext, to: [recipient]))
        try AgeCommand.runInTerminal("age --decrypt -o \(scratch.path("out")) \(scratch.path("ours.age"))", typing: ["tr0ub4dor & 3"])
        #expect(try readFile("out") == Self.plaintext)
    }

    @Test func weDecryptAgePassphraseFile() throws {
        try writeFile("plain", Self.plaintext)
        try AgeCommand.runInTerminal(
            "age --passphrase -o \(scratch.path("theirs.age")) \(scratch.path("plain"))", typing: ["correct horse", "correct horse"])
        let file = try readFile("theirs.age")
        #expect(throws: AgeError.wrongPassphrase) { try decrypt(file, with: [.passphrase("correct hose")]) }
        #expect(try decrypt(file, with: [.passphrase("correct horse")]) == Self.plaintext)
    }

    private func writeFile(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: scratch.path(name)))
    }

    private func readFile(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.path(name))))
    }
}
