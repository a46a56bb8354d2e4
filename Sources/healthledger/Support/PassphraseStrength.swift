import Foundation
import LedgerCrypto

/// A rough estimate of how hard a passphrase is to guess, to refuse the ones a guesser tries
/// first ("a", "hunter2", "aaaaaaaaaaaa"). It cannot know dictionary words, so it only
/// catches the short and the repetitive; a few unrelated words pass easily.
enum PassphraseStrength {
    /// The least accepted without `--weak-passphrase`: about what four random common words give.
    static let minimumBits = 50.0
    static let minimumLength = 10

    /// Bits of guessing work: each character worth the alphabet it draws from, and a
    /// character repeated more than twice worth nothing more.
    static func bits(_ secret: SecretBytes) -> Double {
        secret.withBytes { bytes in
            var alphabet = 0
            if bytes.contains(where: { (0x61...0x7a).contains($0) }) { alphabet += 26 }
            if bytes.contains(where: { (0x41...0x5a).contains($0) }) { alphabet += 26 }
            if bytes.contains(where: { (0x30...0x39).contains($0) }) { alphabet += 10 }
            if bytes.contains(where: { $0 < 0x80 && isalnum(Int32($0)) == 0 }) { alphabet += 33 }
            if bytes.contains(where: { $0 >= 0x80 }) { alphabet += 100 }
            var counts = [Int](repeating: 0, count: 256)
            for byte in bytes { counts[Int(byte)] += 1 }
            let counted = counts.reduce(0) { $0 + min($1, 2) }
            return Double(counted) * log2(Double(max(alphabet, 1)))
        }
    }

    /// Refuses a weak passphrase unless `allowWeak`, saying how weak and what passes.
    static func check(_ secret: SecretBytes, allowWeak: Bool) throws {
        guard !allowWeak else { return }
        let estimate = bits(secret)
        let length = secret.withBytes { $0.count }
        guard length < minimumLength || estimate < minimumBits else { return }
        throw ExitStatus.Failure(
            status: .invalidInput,
            message: "that passphrase is weak (\(length) \(length == 1 ? "character" : "characters"), about \(Int(estimate)) bits of guessing; wanted \(minimumLength)+ characters and \(Int(minimumBits))+ bits): "
                + "a few unrelated words, such as 'copper violin tuesday harbor', are strong and easy to type. "
                + "To use it anyway, add --weak-passphrase")
    }
}
