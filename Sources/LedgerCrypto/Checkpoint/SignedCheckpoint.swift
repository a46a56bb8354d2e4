import Foundation
import LedgerCore

/// A tree head (origin, size, root) as a C2SP tlog-checkpoint, signed as a C2SP signed note.
///
/// ```
/// healthledger.local/vault/3f2a…
/// 10000
/// q2Xb…=
///
/// — healthledger.local/vault/3f2a… AbCdEf…
/// ```
public struct SignedCheckpoint: Equatable, Sendable {
    public let origin: String
    public let size: UInt64
    public let rootHash: [UInt8]
    public let signature: [UInt8]

    /// The text that is signed: the checkpoint body up to and including its last newline.
    public var body: String { "\(origin)\n\(size)\n\(Data(rootHash).base64EncodedString())\n" }

    public static func sign(origin: String, size: UInt64, rootHash: [UInt8], key: SigningKey) -> SignedCheckpoint {
        let body = "\(origin)\n\(size)\n\(Data(rootHash).base64EncodedString())\n"
        return SignedCheckpoint(origin: origin, size: size, rootHash: rootHash, signature: key.sign(Array(body.utf8)))
    }

    /// The note's text, with one signature line under the key named after the origin.
    public func note(publicKey: [UInt8]) -> String {
        let keyHash = Self.keyHash(name: origin, publicKey: publicKey)
        return body + "\n— \(origin) \(Data(keyHash + signature).base64EncodedString())\n"
    }

    /// Parses a note and verifies its signature with `publicKey`.
    public static func parse(note: String, publicKey: [UInt8]) throws(CheckpointError) -> SignedCheckpoint {
        guard let split = note.range(of: "\n\n") else { throw .malformed("no blank line before the signatures") }
        let body = String(note[..<split.lowerBound]) + "\n"
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard lines.count >= 3, let size = UInt64(lines[1]), let root = Data(base64Encoded: String(lines[2])),
              root.count == MerkleHasher.hashSize
        else { throw .malformed("the body is not origin, size and a base64 root hash") }
        let origin = String(lines[0])
        let expectedHash = keyHash(name: origin, publicKey: publicKey)
        for line in note[split.upperBound...].split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 3, parts[0] == "—", parts[1] == origin,
                  let blob = Data(base64Encoded: String(parts[2])), blob.count == 4 + 64,
                  Array(blob.prefix(4)) == expectedHash
            else { continue }
            let signature = Array(blob.dropFirst(4))
            guard SigningKey.verify(signature: signature, message: Array(body.utf8), publicKey: publicKey) else {
                throw .badSignature
            }
            return SignedCheckpoint(origin: origin, size: size, rootHash: Array(root), signature: signature)
        }
        throw .noSignatureFromThisVault(origin)
    }

    /// The 4-byte key id of C2SP signed notes: SHA-256(name ‖ "\n" ‖ 0x01 ‖ Ed25519 public key).
    static func keyHash(name: String, publicKey: [UInt8]) -> [UInt8] {
        Array(Hashing.sha256(Array(name.utf8) + [0x0a, 0x01] + publicKey).prefix(4))
    }
}

/// Why a checkpoint note was not accepted.
public struct CheckpointError: Error, Equatable, CustomStringConvertible {
    private enum Reason: Equatable {
        case malformed(String)
        case badSignature
        case noSignatureFromThisVault(String)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// The text is not a checkpoint note; `why` names the line or field.
    public static func malformed(_ why: String) -> Self { Self(.malformed(why)) }
    /// The note was changed after it was signed, or signed by another key.
    public static let badSignature = Self(.badSignature)
    /// The note for `origin` carries no signature by this vault's key.
    public static func noSignatureFromThisVault(_ origin: String) -> Self { Self(.noSignatureFromThisVault(origin)) }

    public var description: String {
        switch reason {
        case .malformed(let why): "not a checkpoint note: \(why)"
        case .badSignature: "the checkpoint's signature does not verify: it was altered or signed by another key"
        case .noSignatureFromThisVault(let origin): "the checkpoint for '\(origin)' has no signature by this vault's key"
        }
    }
}
