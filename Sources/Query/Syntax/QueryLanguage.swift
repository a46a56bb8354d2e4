/// The query language said briefly, where a person asks: the CLI's help and errors and the
/// dashboard's query page (a binary install has no docs/query.md to point to).
public enum QueryLanguage {
    /// The grammar in one line.
    public static let grammar = "SOURCE [count|sum|avg|min|max|median|stddev], … [by hour|day|week|month] [where CONDITION]"

    /// Queries that show most of the language, each runnable on any vault.
    public static let examples = [
        "mood where rating <= 3 and within 30m after activity \"Socializing\"",
        "heart_rate avg by hour where last 7d",
        "dose where medication = \"Ibuprofen\" and (note contains \"headache\" or hour >= 20)",
        "sleep.total by day where weekday",
        "mood avg, mood min by day where between 2026-01-01 and 2026-03-31",
    ]
}
