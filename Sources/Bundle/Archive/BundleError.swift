/// Why a bundle was not made, opened or imported; `kind` picks the exit code, `message`
/// says what happened to which file and what to do.
public struct BundleError: Error, CustomStringConvertible {
    public enum Kind: Sendable {
        /// No passphrase or identity given opens it.
        case wrongSecret
        /// The age header was altered (its MAC or a stanza fails).
        case headerDamaged
        /// A chunk of the encrypted payload was altered.
        case payloadModified
        /// The encrypted payload ends before its last chunk.
        case payloadTruncated
        /// Bytes follow the payload's last chunk.
        case trailingData
        /// The manifest's signature, or its checkpoint's, does not verify (or names another signer).
        case signatureMismatch
        /// A file differs from the manifest's SHA-256, or is missing or unlisted, or the zip is damaged.
        case hashMismatch
        /// Not a bundle this version can read.
        case notABundle
        /// Bad options: no recipient, an unknown kind.
        case invalidRequest
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
