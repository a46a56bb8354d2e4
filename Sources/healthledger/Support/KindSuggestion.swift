import LedgerCore

/// "did you mean" for a kind typed wrong: `moods` → `mood`, `mood.rate` → `mood.rated`.
enum KindSuggestion {
    /// Each kind's full name and its short form, the names `--kind` and `append` accept.
    static let names = Array(Set(EventKind.allCases.flatMap { [$0.rawValue, String($0.rawValue.prefix { $0 != "." })] })).sorted()

    static func hint(_ typed: String) -> String {
        Nearest.word(to: typed, in: names).map { " — did you mean '\($0)'?" } ?? ""
    }
}
