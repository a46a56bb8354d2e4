import AgeFormat
import Testing

/// What the writer makes, the reader gives back, at every size around the chunk boundaries.
@Suite struct RoundTripTests {
    static let chunk = AgeFormat.chunkSize
    let identity = AgeIdentity.generateX25519()

    @Test(arguments: [0, 1, chunk - 1, chunk, chunk + 1, 2 * chunk, 3 * chunk + 17])
    func x25519FileDecryptsToThePlaintext(size: Int) throws {
        let plaintext = patterned(size)
        let file = try encrypt(plaintext, to: [identity.recipient!])
        #expect(try decrypt(file, with: [identity]) == plaintext)
    }

    @Test(arguments: [1, 1000, chunk, chunk + 1])
    func writesInAnyPieceSizeGiveTheSameFileLength(pieces: Int) throws {
        let plaintext = patterned(2 * Self.chunk + 5)
        let file = try encrypt(plaintext, to: [identity.recipient!], pieces: pieces)
        #expect(try decrypt(file, with: [identity]) == plaintext)
        let whole = try encrypt(plaintext, to: [identity.recipient!])
        #expect(file.count == whole.count)
    }

    @Test(arguments: [0, 47, 48, chunk + 1])
    func armoredFileIsStrictPEMAndTheReaderFindsTheArmorByItself(size: Int) throws {
        let file = try encrypt(patterned(size), to: [identity.recipient!], pieces: 333, armored: true)
        let lines = String(decoding: file, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "-----BEGIN AGE ENCRYPTED FILE-----")
        #expect(lines.suffix(2) == ["-----END AGE ENCRYPTED FILE-----", ""])
        let body = lines.dropFirst().dropLast(2)
        #expect(body.dropLast().allSatisfy { $0.count == 64 } && (1...64).contains(body.last!.count))
        #expect(try decrypt(file, with: [identity]) == patterned(size))
    }

    @Test func anyOfSeveralRecipientsOpensTheFile() throws {
        let other = AgeIdentity.generateX25519()
        let file = try encrypt(patterned(100), to: [identity.recipient!, other.recipient!])
        #expect(try decrypt(file, with: [other]) == patterned(100))
        #expect(try decrypt(file, with: [identity]) == patterned(100))
    }

    @Test func passphraseFileOpensWithThePassphraseOnly() throws {
        let file = try encrypt(patterned(70_000), to: [.passphrase(secret("correct horse"), workFactor: 10)])
        #expect(try decrypt(file, with: [.passphrase("correct horse")]) == patterned(70_000))
        #expect(throws: AgeError.wrongPassphrase) { try decrypt(file, with: [.passphrase("wrong horse")]) }
        #expect(throws: AgeError.passphraseRequired) { try decrypt(file, with: [identity]) }
    }

    @Test func anotherKeyIsNoMatch() throws {
        let file = try encrypt(patterned(10), to: [identity.recipient!])
        #expect(throws: AgeError.noMatchingIdentity) { try decrypt(file, with: [AgeIdentity.generateX25519(), .passphrase("x")]) }
    }

    @Test func workFactorAboveTheReadersLimitIsRefusedBeforeAnyWork() throws {
        let file = try encrypt([1, 2, 3], to: [.passphrase(secret("pw"), workFactor: 12)])
        #expect(throws: AgeError.workFactorTooHigh(logN: 12, limit: 11)) {
            try AgeReader(input: AgeMemoryInput(file), identities: [.passphrase("pw")], maxWorkFactor: 11)
        }
    }

    @Test func recipientsThatCannotMakeAFileAreRefusedByName() {
        #expect(throws: AgeError.invalidRecipients("a passphrase must be the only recipient of a file")) {
            try AgeWriter(recipients: [identity.recipient!, .passphrase(secret("pw"), workFactor: 10)], output: AgeMemoryOutput())
        }
        #expect(throws: AgeError.invalidRecipients("give at least one recipient")) {
            try AgeWriter(recipients: [], output: AgeMemoryOutput())
        }
        #expect(throws: AgeError.invalidRecipients("the passphrase is empty")) {
            try AgeWriter(recipients: [.passphrase(secret(""), workFactor: 10)], output: AgeMemoryOutput())
        }
    }
}
