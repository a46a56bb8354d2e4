/// Why an age file could not be written or opened, one case per failure a caller may
/// want to tell apart (and the CLI maps to its own exit code).
///
/// An enum rather than a struct over a private one: callers switch over every failure to
/// give it its exit code and words, so a new kind of failure should make them decide.
public enum AgeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// None of the identities unwraps any recipient stanza: the file was encrypted to someone else.
    case noMatchingIdentity
    /// The file is passphrase-encrypted and no passphrase was given: ask for one and try again.
    case passphraseRequired
    /// The file is passphrase-encrypted and the passphrase given is not the one it was made with.
    case wrongPassphrase
    /// Every stanza is of a recipient type this implementation does not know (for example
    /// post-quantum `mlkem768x25519`), named here.
    case unsupportedRecipientTypes([String])
    /// The file starts with `age-encryption.org/` and a version other than `v1`.
    case unsupportedVersion(String)
    /// The header does not follow the age v1 grammar or a stanza breaks its type's rules.
    case headerMalformed(String)
    /// The ASCII armor around the file breaks the strict PEM rules of the spec.
    case armorMalformed(String)
    /// The header MAC does not match the header: the header was changed after it was written.
    case headerMACMismatch
    /// The scrypt stanza asks for 2^`logN` work, more than the reader allows.
    case workFactorTooHigh(logN: Int, limit: Int)
    /// Payload chunk `index` (from 0) does not authenticate: it was modified, or it is the
    /// last one and was cut short or had bytes appended to it.
    case payloadChunkFailed(index: Int)
    /// The payload ends without a final chunk after `chunks` good ones: the file was cut short.
    case payloadTruncated(chunks: Int)
    /// The final chunk is empty although earlier chunks exist, which age writers never produce.
    case emptyFinalChunk(index: Int)
    /// Bytes follow the final chunk `index`, so something was appended to the file.
    case dataAfterFinalChunk(index: Int)
    /// A key string or identity file line is not a valid age key.
    case invalidKey(String)
    /// The recipients cannot make a file (none given, or a passphrase mixed with others).
    case invalidRecipients(String)

    public var description: String {
        switch self {
        case .noMatchingIdentity:
            "no identity matches any recipient of this file: it was encrypted to another key"
        case .passphraseRequired:
            "this age file is encrypted with a passphrase, not to a key: give its passphrase"
        case .wrongPassphrase:
            "wrong passphrase for this age file"
        case .unsupportedRecipientTypes(let types):
            "this age file is encrypted to \(types.joined(separator: ", ")) recipients, which are not supported; open it with the `age` command"
        case .unsupportedVersion(let version):
            "unsupported age format version '\(version)' (only v1 is supported)"
        case .headerMalformed(let reason):
            "not a valid age file: \(reason)"
        case .armorMalformed(let reason):
            "not a valid ASCII-armored age file: \(reason)"
        case .headerMACMismatch:
            "the age header was modified (its MAC does not match): do not trust this file"
        case .workFactorTooHigh(let logN, let limit):
            "the passphrase work factor 2^\(logN) is above the limit 2^\(limit); raise the limit only for files from a trusted sender"
        case .payloadChunkFailed(let index):
            "payload chunk \(index) failed authentication: the file was modified or damaged from byte \(index * AgeFormat.chunkSize) of the plaintext on"
        case .payloadTruncated(let chunks):
            "the file is truncated: it ends after \(chunks) chunk(s) of 64 KiB without a final chunk"
        case .emptyFinalChunk(let index):
            "payload chunk \(index) is an empty final chunk, which is invalid: the file was not written by a correct age implementation"
        case .dataAfterFinalChunk(let index):
            "unexpected data after the final payload chunk \(index): bytes were appended to the file"
        case .invalidKey(let reason):
            "invalid age key: \(reason)"
        case .invalidRecipients(let reason):
            "invalid recipients: \(reason)"
        }
    }
}
