import LedgerCrypto
import Testing

/// Keyed BLAKE2b over a shared prefix equals the hash of the whole message, and telling a
/// prefix is safe for empty prefixes and empty buffers (an empty buffer may have no address).
@Suite struct PrefixedKeyedHashTests {
    @Test(arguments: [(0, 0), (0, 7), (1, 0), (5, 1), (40, 200), (128, 3)])
    func theDigestIsTheKeyedHashOfTheWholeMessage(prefixCount: Int, restCount: Int) {
        let prefix = (0..<prefixCount).map { UInt8(truncatingIfNeeded: $0 * 7 + 1) }
        let rest = (0..<restCount).map { UInt8(truncatingIfNeeded: $0 * 13 + 5) }
        let key = SecretBytes.random(32)
        let hash = PrefixedKeyedHash(key: key, prefix: prefix, outputLength: 16)
        let message = prefix + rest
        #expect(message.withUnsafeBytes { hash.isPrefix(of: $0) })
        #expect(message.withUnsafeBytes { hash.digest(of: $0) } == Hashing.blake2b(message, key: key, outputLength: 16))
    }

    @Test func anEmptyPrefixStartsEveryMessageEvenOneWithoutAnAddress() {
        let hash = PrefixedKeyedHash(key: SecretBytes.random(32), prefix: [], outputLength: 16)
        #expect(hash.isPrefix(of: UnsafeRawBufferPointer(start: nil, count: 0)))
        let longer = PrefixedKeyedHash(key: SecretBytes.random(32), prefix: [1], outputLength: 16)
        #expect(!longer.isPrefix(of: UnsafeRawBufferPointer(start: nil, count: 0)))
        #expect(![UInt8]([2, 1]).withUnsafeBytes { longer.isPrefix(of: $0) })
    }
}
