import ArgumentParser
import LedgerCore

/// A number typed alone (a rating, `eat --kcal`): a decimal comma is read as `weigh` reads one,
/// `6,5` as 6.5, and `1,500`, which could be either, is refused rather than guessed.
enum TypedNumber {
    static func parse(_ text: String) throws -> Double {
        let pointed: String
        do {
            pointed = try Quantity.decimalPoint(text, in: text)
        } catch {
            throw ValidationError("'\(text)' \(error.reason)")
        }
        guard let value = Double(pointed), value.isFinite else { throw ValidationError("'\(text)' is not a number") }
        return value
    }
}
