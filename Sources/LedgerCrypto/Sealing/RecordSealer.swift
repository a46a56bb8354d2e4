import CSodium

/// Seals and opens ledger records with XChaCha20-Poly1305.
///
/// Record layout: `format (1) ‖ key id (1) ‖ ciphertext ‖ tag (16)`. The nonce is the
/// committing batch's random 16-byte prefix followed by the big-endian sequence number,
/// so it is unique without being stored in every record (24 bytes saved per event), and
/// a batch that is retried after a crash draws a fresh prefix. The associated data binds
/// the vault id, the sequence number and the header, so a record moved to another place,
/// another vault, or given another header fails to open. Records are sealed and opened with
/// their batch's `BatchKey`.
public struct RecordSealer: Sendable {
    public static let format: UInt8 = 1
    public static let headerSize = 2
    public static let overhead = headerSize + Int(crypto_aead_chacha20poly1305_ietf_ABYTES)
    public static let noncePrefixSize = 16

    private let key: SecretBytes
    private let vaultID: [UInt8]
    public let keyID: UInt8

    public init(key: SecretBytes, vaultID: [UInt8], keyID: UInt8 = 1) {
        precondition(key.count == Int(crypto_core_hchacha20_KEYBYTES))
        self.key = key
        self.vaultID = vaultID
        self.keyID = keyID
    }

    public static func newNoncePrefix() -> [UInt8] { Sodium.random(noncePrefixSize) }

    /// The key that seals and opens the records of the batch with `noncePrefix`.
    public func batchKey(_ noncePrefix: [UInt8]) -> BatchKey {
        precondition(noncePrefix.count == Self.noncePrefixSize)
        let batchKey = BatchKey(noncePrefix: noncePrefix)
        key.withUnsignedPointer { keyPointer in _ = crypto_core_hchacha20(batchKey.subkey, noncePrefix, keyPointer, nil) }
        return batchKey
    }

    /// Appends the sealed record for `plaintext` at `sequence` of `batch` to `output`.
    public func seal(_ plaintext: UnsafeRawBufferPointer, sequence: UInt64, batch: BatchKey, into output: inout [UInt8]) {
        let start = output.count
        output.append(Self.format)
        output.append(keyID)
        output.append(contentsOf: repeatElement(0, count: plaintext.count + Int(crypto_aead_chacha20poly1305_ietf_ABYTES)))
        withNonceAndAssociatedData(sequence, header: (Self.format, keyID)) { nonce, associated in
            output.withUnsafeMutableBufferPointer { buffer in
                var written: UInt64 = 0
                // Cannot fail: `output` holds at least the header and the tag just appended, and the nonce
                // is NPUBBYTES of a temporary allocation.
                _ = crypto_aead_chacha20poly1305_ietf_encrypt(
                    buffer.baseAddress! + start + Self.headerSize, &written,
                    plaintext.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(plaintext.count),
                    associated.baseAddress, UInt64(associated.count), nil, nonce.baseAddress!, batch.subkey)
            }
        }
    }

    /// The plaintext of `record` at `sequence` of `batch`, or an error saying why it cannot be trusted.
    public func open(_ record: UnsafeRawBufferPointer, sequence: UInt64, batch: BatchKey) throws(SealError) -> [UInt8] {
        guard record.count >= Self.overhead else { throw .tooShort(record.count) }
        guard record[0] == Self.format else { throw .unknownFormat(record[0]) }
        guard record[1] == keyID else { throw .unknownKey(record[1]) }
        let cipherCount = record.count - Self.headerSize
        var plaintext = [UInt8](repeating: 0, count: cipherCount - Int(crypto_aead_chacha20poly1305_ietf_ABYTES))
        let status = withNonceAndAssociatedData(sequence, header: (record[0], record[1])) { nonce, associated in
            var written: UInt64 = 0
            // Cannot fail: `record` is at least `overhead` bytes (checked above), and the nonce is
            // NPUBBYTES of a temporary allocation.
            return crypto_aead_chacha20poly1305_ietf_decrypt(
                &plaintext, &written, nil,
                record.baseAddress!.assumingMemoryBound(to: UInt8.self) + Self.headerSize, UInt64(cipherCount),
                associated.baseAddress, UInt64(associated.count), nonce.baseAddress!, batch.subkey)
        }
        guard status == 0 else { throw .authenticationFailed }
        return plaintext
    }

    /// Builds ChaCha20-Poly1305's nonce (four zero bytes ‖ sequence: what XChaCha20 passes on
    /// after its subkey has taken the prefix) and the associated data (vault id ‖ sequence ‖
    /// header) on the stack: sealing runs for every event, so it allocates nothing.
    private func withNonceAndAssociatedData<R>(
        _ sequence: UInt64, header: (UInt8, UInt8),
        _ body: (UnsafeMutableBufferPointer<UInt8>, UnsafeMutableBufferPointer<UInt8>) -> R
    ) -> R {
        let nonceCount = Int(crypto_aead_chacha20poly1305_ietf_NPUBBYTES)
        let associatedCount = vaultID.count + 8 + Self.headerSize
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: nonceCount + associatedCount) { buffer in
            var sequenceBytes = sequence.bigEndian
            withUnsafeBytes(of: &sequenceBytes) { sequenceBuffer in
                _ = UnsafeMutableBufferPointer(rebasing: buffer[0..<nonceCount - 8]).initialize(repeating: 0)
                _ = UnsafeMutableBufferPointer(rebasing: buffer[nonceCount - 8..<nonceCount]).initialize(from: sequenceBuffer)
                _ = UnsafeMutableBufferPointer(rebasing: buffer[nonceCount..<nonceCount + vaultID.count]).initialize(from: vaultID)
                _ = UnsafeMutableBufferPointer(rebasing: buffer[nonceCount + vaultID.count..<nonceCount + vaultID.count + 8]).initialize(from: sequenceBuffer)
                buffer[nonceCount + vaultID.count + 8] = header.0
                buffer[nonceCount + vaultID.count + 9] = header.1
            }
            return body(
                UnsafeMutableBufferPointer(rebasing: buffer[0..<nonceCount]),
                UnsafeMutableBufferPointer(rebasing: buffer[nonceCount...]))
        }
    }
}

extension RecordSealer {
    /// The key of one batch's records: XChaCha20's subkey for the batch's nonce prefix.
    ///
    /// XChaCha20-Poly1305 derives a subkey from the key and the nonce's first 16 bytes
    /// (HChaCha20), then runs ChaCha20-Poly1305 under it with the nonce's last 8 bytes. Every
    /// record of a batch has the same first 16 bytes, its prefix, so the subkey is derived
    /// once a batch rather than once a record. The records are byte for byte what
    /// `crypto_aead_xchacha20poly1305_ietf_encrypt` writes, and small ones seal faster
    /// (docs/performance.md, `RecordSealer.BatchKey`).
    ///
    /// The subkey lives in plain memory, zeroed on release, as libsodium's one-shot function
    /// keeps it on its stack: a key is made for every batch read or written, and guarded
    /// memory (`sodium_malloc`) is slow enough to show in a log of one-event batches (one per
    /// command-line entry), which would pay for it on every record it reads.
    public final class BatchKey: @unchecked Sendable {
        // Written once, by `batchKey`, before the key is handed out; only read after.
        fileprivate let subkey = UnsafeMutablePointer<UInt8>.allocate(capacity: Int(crypto_core_hchacha20_OUTPUTBYTES))
        public let noncePrefix: [UInt8]

        fileprivate init(noncePrefix: [UInt8]) { self.noncePrefix = noncePrefix }

        deinit {
            sodium_memzero(subkey, Int(crypto_core_hchacha20_OUTPUTBYTES))
            subkey.deallocate()
        }
    }
}

/// Why a sealed record or wrapped key did not open.
public struct SealError: Error, Equatable, CustomStringConvertible {
    private enum Reason: Equatable {
        case tooShort(Int)
        case unknownFormat(UInt8)
        case unknownKey(UInt8)
        case authenticationFailed
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// The record has `count` bytes, fewer than its header and tag.
    public static func tooShort(_ count: Int) -> Self { Self(.tooShort(count)) }
    /// The record's format byte is not one this version reads.
    public static func unknownFormat(_ format: UInt8) -> Self { Self(.unknownFormat(format)) }
    /// The record names a key id this vault does not have.
    public static func unknownKey(_ id: UInt8) -> Self { Self(.unknownKey(id)) }
    /// The bytes were changed, moved to another place, or sealed with another key.
    public static let authenticationFailed = Self(.authenticationFailed)

    public var description: String {
        switch reason {
        case .tooShort(let count): "record of \(count) bytes is shorter than its header and tag"
        case .unknownFormat(let format): "record format \(format) is not one this version reads"
        case .unknownKey(let id): "record sealed with key id \(id), which this vault does not have"
        case .authenticationFailed: "authentication failed: the bytes were changed, moved or sealed with another key"
        }
    }
}
