import CSodium
import LedgerCore
import LedgerCrypto
import Testing

@Suite struct IDIndexHasherTests {
    /// Vaults on disk hold the first 12 bytes of SipHash-2-4's 128-bit output for each id:
    /// `words` must give exactly those, or a vault written before would not find its ids.
    @Test func wordsAreTheFirstTwelveBytesOfTheKeyedHash() {
        let keyBytes = (0..<16).map { UInt8($0 * 7 + 3) }
        let hasher = IDIndexHasher(key: SecretBytes(count: 16) { $0.copyBytes(from: keyBytes) })
        for _ in 0..<100 {
            let id = EventID.random()
            var output = [UInt8](repeating: 0, count: Int(crypto_shorthash_siphashx24_BYTES))
            id.withUnsafeBytes { bytes in
                _ = crypto_shorthash_siphashx24(&output, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(bytes.count), keyBytes)
            }
            let words = hasher.words(id)
            #expect(words.high == bigEndianValue(output[0..<8]))
            #expect(words.low == bigEndianValue(output[8..<IDIndexHasher.outputSize]))
            // The audit's opening threads hash with the key pinned: the same words.
            let pinned = hasher.withPinnedKey { $0.words(id) }
            #expect(pinned.high == words.high && pinned.low == words.low)
        }
    }

    /// Vaults on disk hold sums of these digests (the audit compares them): they must stay the
    /// first 8 bytes, read in memory order, of SipHash-2-4 over the fields' big-endian bytes.
    @Test func digestsAreTheKeyedHashOfTheFieldsBigEndianBytes() {
        let keyBytes = (0..<16).map { UInt8($0 * 5 + 1) }
        let hasher = IDIndexHasher(key: SecretBytes(count: 16) { $0.copyBytes(from: keyBytes) })
        func expected(_ fields: [UInt64]) -> UInt64 {
            let bytes = fields.flatMap { field in (0..<8).map { UInt8(truncatingIfNeeded: field >> (56 - 8 * $0)) } }
            var output = [UInt8](repeating: 0, count: Int(crypto_shorthash_siphashx24_BYTES))
            _ = crypto_shorthash_siphashx24(&output, bytes, UInt64(bytes.count), keyBytes)
            return output[0..<8].reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
        for _ in 0..<100 {
            let (a, b, c) = (UInt64.random(in: .min ... .max), UInt64.random(in: .min ... .max), UInt64.random(in: 0...5_000_000))
            #expect(hasher.digest(a, b) == expected([a, b]))
            #expect(hasher.digest(a, b, c) == expected([a, b, c]))
        }
    }
}
