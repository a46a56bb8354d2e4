import Foundation

/// The Bech32 text forms of age X25519 keys.
enum AgeKeyEncoding {
    static let publicPrefix = "age"
    static let secretPrefix = "age-secret-key-"
    static let keySize = 32

    static func encodePublicKey(_ key: [UInt8]) -> String {
        Bech32.encode(humanReadablePart: publicPrefix, data: key)
    }

    static func encodeSecretKey(_ key: [UInt8]) -> String {
        Bech32.encode(humanReadablePart: secretPrefix, data: key).uppercased()
    }

    /// The 32 key bytes of `text`, checking its prefix, checksum and length.
    static func decode(_ text: String, humanReadablePart: String, what: String) throws(AgeError) -> [UInt8] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let shown = humanReadablePart == secretPrefix ? "AGE-SECRET-KEY-1…" : "'\(trimmed)'"
        switch Bech32.decode(trimmed) {
        case .failure(let error):
            throw .invalidKey("the \(what) \(shown) is not valid: \(error)")
        case .success(let decoded):
            guard decoded.humanReadablePart == humanReadablePart else {
                let expected = humanReadablePart == secretPrefix ? "AGE-SECRET-KEY-1" : "age1"
                throw .invalidKey("the \(what) \(shown) does not start with \(expected) (post-quantum and plugin keys are not supported)")
            }
            guard decoded.data.count == keySize else {
                throw .invalidKey("the \(what) \(shown) holds \(decoded.data.count) bytes instead of \(keySize)")
            }
            return decoded.data
        }
    }
}
