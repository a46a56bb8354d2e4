import AgeFormat
import LedgerCrypto

/// What decrypting a file gave, in the testkit's own terms.
struct Outcome: Equatable, CustomStringConvertible {
    /// The testkit's `expect` value: success, no match, HMAC failure, header failure, payload failure.
    let expect: String
    /// SHA-256 (hex) of all plaintext the reader released, even when it then failed.
    let payloadHash: String
    let error: AgeError?

    var description: String { "\(expect) \(error.map { "(\($0))" } ?? "") payload \(payloadHash)" }

    /// Decrypts `file` reading 1000 bytes at a time (so chunks are released piecewise),
    /// through the armor decoder when `armored`, as the testkit asks.
    static func decrypting(_ file: [UInt8], identities: [AgeIdentity], armored: Bool = false) throws -> Outcome {
        var released: [UInt8] = []
        do {
            let input: any AgeInput = armored ? AgeArmorInput(AgeMemoryInput(file)) : AgeMemoryInput(file)
            let reader = try AgeReader(input: input, identities: identities)
            while case let bytes = try reader.read(upTo: 1000), !bytes.isEmpty { released += bytes }
            return Outcome(expect: "success", payloadHash: hex(released), error: nil)
        } catch let error as AgeError {
            return Outcome(expect: category(error), payloadHash: hex(released), error: error)
        }
    }

    static func category(_ error: AgeError) -> String {
        switch error {
        case .noMatchingIdentity, .passphraseRequired, .wrongPassphrase, .unsupportedRecipientTypes: "no match"
        case .headerMACMismatch: "HMAC failure"
        case .armorMalformed: "armor failure"
        case .headerMalformed, .unsupportedVersion, .workFactorTooHigh: "header failure"
        case .payloadChunkFailed, .payloadTruncated, .emptyFinalChunk, .dataAfterFinalChunk: "payload failure"
        case .invalidKey, .invalidRecipients: "invalid key"
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        Hashing.sha256(bytes).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
