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
        }
    }
}
