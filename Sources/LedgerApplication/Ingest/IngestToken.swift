import Foundation
public import LedgerCore
import LedgerCrypto

/// A device's bearer token for `ingest serve`, as the log holds it: its hash, never itself.
public struct IngestToken: Sendable, Equatable {
    /// The short public id, shown by `ingest token list` and named by `revoke`.
    public let id: String
    /// The device the person named.
    public let name: String
    /// SHA-256 of the token's text.
    let hash: [UInt8]
    public let added: Timestamp
    /// When it was revoked; nil while it is in force.
    public internal(set) var revoked: Timestamp?

    init(id: String, name: String, hash: [UInt8], added: Timestamp, revoked: Timestamp? = nil) {
        self.id = id
        self.name = name
        self.hash = hash
        self.added = added
        self.revoked = revoked
    }

    public var isActive: Bool { revoked == nil }

    /// A new token's secret text: `hl_` and 32 random bytes in base64url, so a secret scanner
    /// can recognise it and it fits an HTTP header as it is.
    static func newSecret() -> String {
        var bytes = secureRandomBytes(32)
        defer { wipe(&bytes) }
        let text = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return "hl_" + text
    }

    /// The hash a token's text is kept under. The text holds 256 random bits, so an unkeyed hash
    /// is as hard to invert as the token is to guess.
    static func hash(of secret: String) -> [UInt8] { Hashing.sha256(Array(secret.utf8)) }

    /// Whether `secret` is this token's text, in time independent of where they differ.
    func accepts(hashOfSecret presented: [UInt8]) -> Bool { constantTimeEqual(presented, hash) }
}
