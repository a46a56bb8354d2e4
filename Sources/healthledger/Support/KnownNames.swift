import Foundation
import LedgerCore

/// Names a person types again and again (medications, activities): one a letter or two from a
/// known name is most likely that name mistyped, and stored as given it would count apart for ever.
enum KnownNames {
    /// Refuses `typed` when it is near a known name and `isNew` does not say it is another;
    /// whether it is unlike every known name (the caller says so).
    static func isUnknown(_ typed: String, known: some Collection<String>, isNew: Bool, what: String) throws -> Bool {
        if known.contains(where: { $0.caseInsensitiveCompare(typed) == .orderedSame }) { return false }
        if !isNew, let near = Nearest.word(to: typed, in: known.filter { Nearest.isNear(typed, $0) }) {
            throw ExitStatus.Failure(
                status: .invalidInput,
                message: "no \(what) is called '\(typed)': did you mean '\(near)'? If '\(typed)' is another \(what), add --new")
        }
        return true
    }
}
