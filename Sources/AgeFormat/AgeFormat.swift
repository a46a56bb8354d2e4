/// Constants of the age v1 format (c2sp.org/age), which this module writes and reads with
/// libsodium only: X25519 and scrypt (passphrase) recipients, optional ASCII armor.
///
/// Writing streams the payload in 64 KiB chunks, so memory stays the same whatever the size:
///
///     let output = try AgeFileOutput(path: "bundle.age")
///     let writer = try AgeWriter(recipients: [try AgeRecipient(parsing: "age1…")], output: output)
///     try writer.write(contentsOf: try AgeFileInput(path: "bundle.zip"))
///     try writer.finish()
///
/// Reading checks the header MAC before releasing anything and each chunk before releasing it:
///
///     let identities = try AgeIdentity.parseFile(keyFileText)   // or [.passphrase("…")]
///     let reader = try AgeReader(input: try AgeFileInput(path: "bundle.age"), identities: identities)
///     try reader.decrypt(to: try AgeFileOutput(path: "bundle.zip"))   // or read(upTo:) in a loop
///
/// Every failure is an ``AgeError`` case that names it.
public enum AgeFormat {
    /// Plaintext bytes per payload chunk; every chunk but the last is exactly this long.
    public static let chunkSize = 64 * 1024
    static let tagSize = 16
    static let fileKeySize = 16
    static let payloadNonceSize = 16
    static let versionLine = "age-encryption.org/v1"
    static let versionPrefix = "age-encryption.org/"
}
