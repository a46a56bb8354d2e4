import CSodium
import Glibc

/// Keyed BLAKE2b over messages that share a prefix: the key and the prefix are absorbed
/// once, and each message costs only what follows the prefix.
///
/// The digest is exactly `Hashing.blake2b(prefix + suffix, key:)`; an import hashes
/// millions of records whose first two hundred bytes (type, source, device, unit) repeat
/// run after run, and the key block alone is a third of such a hash.
public final class PrefixedKeyedHash {
    public let prefix: [UInt8]
    private let outputLength: Int
    /// The BLAKE2b state after key and prefix, copied for every message (libsodium wants it
    /// 64-byte aligned, and it holds key material, so it is zeroed on release).
    private let absorbed: UnsafeMutableRawPointer
    private let scratch: UnsafeMutableRawPointer

    public init(key: SecretBytes, prefix: [UInt8], outputLength: Int) {
        precondition(Sodium.ready, "libsodium failed to initialise")
        precondition((Int(crypto_generichash_BYTES_MIN)...Int(crypto_generichash_BYTES_MAX)).contains(outputLength), "BLAKE2b gives 16 to 64 bytes")
        self.prefix = prefix
        self.outputLength = outputLength
        let size = crypto_generichash_statebytes()
        absorbed = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
        scratch = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
        key.withUnsignedPointer { _ = crypto_generichash_init(OpaquePointer(absorbed), $0, key.count, outputLength) }
        _ = crypto_generichash_update(OpaquePointer(absorbed), prefix, UInt64(prefix.count))
    }

    deinit {
        let size = crypto_generichash_statebytes()
        sodium_memzero(absorbed, size)
        sodium_memzero(scratch, size)
        absorbed.deallocate()
        scratch.deallocate()
    }

    /// Whether `message` starts with this hash's prefix.
    public func isPrefix(of message: UnsafeRawBufferPointer) -> Bool {
        // An empty prefix starts every message; an empty buffer may have no address to compare at.
        guard !prefix.isEmpty else { return true }
        // Cannot fail: both buffers hold at least `prefix.count` bytes, which is not zero.
        return message.count >= prefix.count && prefix.withUnsafeBytes { memcmp($0.baseAddress!, message.baseAddress!, prefix.count) == 0 }
    }

    /// The keyed digest of `message`, which must start with the prefix (see `isPrefix`).
    public func digest(of message: UnsafeRawBufferPointer) -> [UInt8] {
        precondition(isPrefix(of: message), "the message does not start with the hash's prefix")
        let size = crypto_generichash_statebytes()
        scratch.copyMemory(from: absorbed, byteCount: size)
        let state = OpaquePointer(scratch)
        let rest = UnsafeRawBufferPointer(rebasing: message[prefix.count...])
        _ = crypto_generichash_update(state, rest.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(rest.count))
        return [UInt8](unsafeUninitializedCapacity: outputLength) { output, count in
            // Cannot fail: the capacity is `outputLength`, at least crypto_generichash_BYTES_MIN (checked
            // at init).
            _ = crypto_generichash_final(state, output.baseAddress!, outputLength)
            count = outputLength
        }
    }
}
