/// The known word closest to a mistyped one, for "did you mean" hints.
public enum Nearest {
    /// The candidate with the smallest edit distance (case-insensitive), if it is close
    /// enough to be a likely typo: at most a third of the word's length, and at least 1.
    public static func word(to typed: String, in candidates: [String]) -> String? {
        let lowered = typed.lowercased()
        let scored = candidates.map { ($0, distance(Array(lowered), Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
        return best.1 <= max(1, typed.count / 3 + 1) ? best.0 : nil
    }

    /// Whether `typed` is a letter or two from `known` (one in a name of four letters or
    /// fewer), ignoring case, without being the same name: a likely typo of it.
    public static func isNear(_ typed: String, _ known: String) -> Bool {
        let left = Array(typed.lowercased()), right = Array(known.lowercased())
        guard left != right else { return false }
        let allowance = right.count <= 4 ? 1 : 2
        return abs(left.count - right.count) <= allowance && distance(left, right) <= allowance
    }

    /// Levenshtein distance.
    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
