import LedgerCore

/// "did you mean" for a kind typed wrong: `moods` → `mood`, `mood.rate` → `mood.rated`.
enum KindSuggestion {
    static func hint(_ typed: String) -> String {
        let names = EventKind.allCases.flatMap { [$0.rawValue, String($0.rawValue.prefix { $0 != "." })] }
        return Nearest.word(to: typed, in: Array(Set(names)).sorted()).map { " — did you mean '\($0)'?" } ?? ""
    }
}
