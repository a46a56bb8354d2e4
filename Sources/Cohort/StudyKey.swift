import CSodium
import Foundation

/// The study's secret: 32 random bytes, kept by the study as 64 hex characters on one line
/// in a file only its owner may read (`healthledger cohort keygen` writes one).
///
/// Every value the cohort derives from a participant is a keyed BLAKE2b hash
/// (libsodium's `crypto_generichash`) of the participant's vault id under this key, each
/// with its own label: without the key nobody can link a pseudonym to a vault id, and
/// another study's key gives the same person another pseudonym.
public struct StudyKey: Sendable {
    public static let byteCount = 32
    let bytes: [UInt8]

    public init(bytes: [UInt8]) throws(CohortError) {
        guard bytes.count == Self.byteCount else { throw CohortError.badStudyKey("a study key is \(Self.byteCount) bytes, not \(bytes.count)") }
        self.bytes = bytes
    }

    /// A new key from libsodium's generator.
    public static func generate() -> StudyKey {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        var bytes = [UInt8](repeating: 0, count: byteCount)
        randombytes_buf(&bytes, byteCount)
        // Cannot fail: the bytes are byteCount long, all a key needs
        return try! StudyKey(bytes: bytes)
    }

    /// The key as its file holds it: 64 lowercase hex characters and a newline.
    public var fileText: String { bytes.map { String(format: "%02x", $0) }.joined() + "\n" }

    /// Reads the key file's text: 64 hex characters, surrounding whitespace ignored.
    public init(fileText: String) throws(CohortError) {
        let text = fileText.trimmingCharacters(in: .whitespacesAndNewlines)
        let digits = Array(text.utf8)
        let values = digits.compactMap(Self.hexValue)
        guard digits.count == Self.byteCount * 2, values.count == digits.count else {
            throw CohortError.badStudyKey("a study key file holds 64 hex characters on one line (`healthledger cohort keygen FILE` writes one)")
        }
        try self.init(bytes: stride(from: 0, to: values.count, by: 2).map { values[$0] << 4 | values[$0 + 1] })
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// BLAKE2b of `label`, a zero byte and `message`, keyed with the study key.
    func hash(_ label: String, _ message: String, length: Int = 16) -> [UInt8] {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        let input = Array(label.utf8) + [0] + Array(message.utf8)
        var output = [UInt8](repeating: 0, count: length)
        _ = crypto_generichash(&output, length, input, UInt64(input.count), bytes, bytes.count)
        return output
    }

    func hexHash(_ label: String, _ message: String, length: Int = 16) -> String {
        hash(label, message, length: length).map { String(format: "%02x", $0) }.joined()
    }

    /// The participant's name in the dataset: `p` and 32 hex digits (the letter keeps
    /// engines that guess partition types from reading it as a number).
    public func pseudonym(vaultID: String) -> String { "p" + hexHash("healthledger cohort participant v1", vaultID) }

    /// The participant's date shift: a whole number of weeks, 1 to 52 either way, so every
    /// event keeps its weekday and time of day and every interval its length.
    public func dateShiftDays(vaultID: String) -> Int {
        let bytes = hash("healthledger cohort date shift v1", vaultID, length: 8)
        let number = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let weeks = Int(number % 52) + 1
        return (number >> 32) & 1 == 0 ? weeks * 7 : -weeks * 7
    }

    /// What the dataset remembers of the key, to refuse a rebuild under another one: a
    /// keyed hash of a fixed text, which tells nothing about the key itself.
    public var check: String { hexHash("healthledger cohort key check v1", "", length: 8) }
}
