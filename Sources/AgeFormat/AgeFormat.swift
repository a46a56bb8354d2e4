/// Constants of the age v1 format (c2sp.org/age).
public enum AgeFormat {
    /// Plaintext bytes per payload chunk; every chunk but the last is exactly this long.
    public static let chunkSize = 64 * 1024
    static let tagSize = 16
    static let fileKeySize = 16
    static let payloadNonceSize = 16
    static let versionLine = "age-encryption.org/v1"
    static let versionPrefix = "age-encryption.org/"
}
