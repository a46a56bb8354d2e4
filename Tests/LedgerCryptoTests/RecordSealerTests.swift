import CSodium
import LedgerCore
import Testing
@testable import LedgerCrypto

@Suite struct RecordSealerTests {
    let keyBytes = secureRandomBytes(32)
    let vaultID = Array(repeating: UInt8(1), count: 16)
    let sealer: RecordSealer
    let batch: RecordSealer.BatchKey

    init() {
        var copy = keyBytes
        sealer = RecordSealer(key: SecretBytes(consuming: &copy), vaultID: vaultID)
        batch = sealer.batchKey(RecordSealer.newNoncePrefix())
    }

    func seal(_ plaintext: [UInt8], at sequence: UInt64, batch: RecordSealer.BatchKey? = nil) -> [UInt8] {
        var record: [UInt8] = []
        plaintext.withUnsafeBytes { sealer.seal($0, sequence: sequence, batch: batch ?? self.batch, into: &record) }
        return record
    }

    func open(_ record: [UInt8], at sequence: UInt64, batch: RecordSealer.BatchKey? = nil) throws -> [UInt8] {
        try record.withUnsafeBytes { try sealer.open($0, sequence: sequence, batch: batch ?? self.batch) }
    }

    /// The record DESIGN describes, made with libsodium's one-shot XChaCha20-Poly1305: the
    /// nonce is the batch prefix and the sequence, the associated data binds the vault id,
    /// the sequence and the header.
    func referenceRecord(_ plaintext: [UInt8], at sequence: UInt64) -> [UInt8] {
        let header: [UInt8] = [RecordSealer.format, sealer.keyID]
        let sequenceBytes = bigEndianBytes(sequence)
        let nonce = batch.noncePrefix + sequenceBytes
        let associated = vaultID + sequenceBytes + header
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count + Int(crypto_aead_xchacha20poly1305_ietf_ABYTES))
        var written: UInt64 = 0
        _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
            &ciphertext, &written, plaintext, UInt64(plaintext.count), associated, UInt64(associated.count), nil, nonce, keyBytes)
        return header + ciphertext
    }

    /// Deriving the subkey once a batch must not change a byte: records written before it,
    /// and by any XChaCha20-Poly1305 implementation, read the same.
    @Test(arguments: [(0, 0), (1, 7), (47, 41), (64, 1 << 20), (300, UInt64.max - 1)] as [(Int, UInt64)])
    func recordsAreXChaCha20Poly1305(length: Int, sequence: UInt64) throws {
        let plaintext = secureRandomBytes(length)
        let reference = referenceRecord(plaintext, at: sequence)
        #expect(seal(plaintext, at: sequence) == reference)
        #expect(try open(reference, at: sequence) == plaintext)
    }

    @Test func aRecordOpensOnlyWhereItWasSealed() throws {
        let record = seal(Array("mood 7".utf8), at: 41)
        #expect(try open(record, at: 41) == Array("mood 7".utf8))
        #expect(throws: SealError.authenticationFailed) { try open(record, at: 42) }
        #expect(throws: SealError.authenticationFailed) { try open(record, at: 41, batch: sealer.batchKey(RecordSealer.newNoncePrefix())) }
        let otherVault = RecordSealer(key: .random(32), vaultID: Array(repeating: 2, count: 16))
        #expect(throws: SealError.authenticationFailed) {
            try record.withUnsafeBytes { try otherVault.open($0, sequence: 41, batch: otherVault.batchKey(batch.noncePrefix)) }
        }
    }

    @Test func everyFlippedBitIsDetected() {
        let record = seal(Array("a short event".utf8), at: 3)
        for index in record.indices {
            var tampered = record
            tampered[index] ^= 0x01
            #expect(throws: SealError.self) { try open(tampered, at: 3) }
        }
    }

    @Test func theSamePlaintextSealsDifferentlyAtEachPlace() {
        #expect(seal(Array("same".utf8), at: 1) != seal(Array("same".utf8), at: 2))
        #expect(seal(Array("same".utf8), at: 1) != seal(Array("same".utf8), at: 1, batch: sealer.batchKey(RecordSealer.newNoncePrefix())))
    }
}
