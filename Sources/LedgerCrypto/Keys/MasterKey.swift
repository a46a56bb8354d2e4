import CSodium

/// The vault's 32-byte root secret; every working key is derived from it.
public struct MasterKey: Sendable {
    public static let byteCount = 32
    public let secret: SecretBytes

    public init(secret: SecretBytes) {
        precondition(secret.count == Self.byteCount)
        self.secret = secret
    }

    public static func generate() -> MasterKey { MasterKey(secret: .random(byteCount)) }

    /// A subkey for one purpose, via `crypto_kdf_derive_from_key` (BLAKE2b keyed by the master).
    public func derive(_ purpose: KeyPurpose, length: Int = 32) -> SecretBytes {
        SecretBytes(count: length) { output in
            secret.withUnsignedPointer { master in
                let context = Array("HLedger1".utf8CString.map { CChar($0) })
                // Cannot fail: `output` is SecretBytes' own memory, which sodium_malloc returned non-nil.
                _ = crypto_kdf_derive_from_key(
                    output.baseAddress!.assumingMemoryBound(to: UInt8.self), length, purpose.rawValue, context, master)
            }
        }
    }
}

/// The purposes keys are derived for. Numbers are fixed forever: changing one loses the vault.
public enum KeyPurpose: UInt64, Sendable {
    case recordSealing = 1
    case idIndex = 2
    case signingSeed = 3
    case deterministicIDs = 4
    case projectionState = 5
    case blobKeyWrapping = 6
    case storeIndexes = 7
}
