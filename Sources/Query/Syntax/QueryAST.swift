/// A query as written: what to show, how to group it, and which rows count.
public struct QueryAST: Equatable {
    public var selections: [Selection]
    public var bucket: Bucket?
    public var filter: Condition?
}

/// A name as written, with where it stands: `mood`, `mood.rating`, `sleep.total`.
public struct Name: Equatable {
    public let text: String
    public let offset: Int
}

/// One value per result row: a series (or one of its fields), optionally aggregated.
public struct Selection: Equatable {
    public var source: Name
    /// `dose "Ibuprofen"`: only rows whose label (name, medication…) is this, ignoring case.
    public var label: String?
    public var aggregate: Aggregate?
}

public enum Aggregate: String, CaseIterable, Equatable {
    case count, sum, avg, min, max, median, stddev
}

/// Groups rows by the local calendar hour, day, ISO week (from Monday) or month.
public enum Bucket: String, CaseIterable, Equatable, Sendable {
    case hour, day, week, month
}

public enum Comparator: String, CaseIterable, Equatable {
    case equal = "=", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case contains
}

/// A constant in a condition.
public enum Literal: Equatable {
    case number(Double)
    case text(String)
}

/// Where a row stands relative to rows of another series.
public enum WindowRelation: String, CaseIterable, Equatable {
    /// In the window before the other row starts.
    case before
    /// In the window after the other row ends.
    case after
    /// Before it starts, during it, or after it ends, within the window.
    case around
}

/// `within 30m after activity "Socializing"`: the other rows, optionally narrowed.
public struct Window: Equatable {
    public var micros: Int64
    public var relation: WindowRelation
    public var source: Name
    /// Matches the other series' label (an activity's or food's name, a dose's medication).
    public var label: String?
    public var condition: Condition?
}

/// Which rows count: comparisons, time filters and windows joined by and / or / not.
public indirect enum Condition: Equatable {
    case and(Condition, Condition)
    case or(Condition, Condition)
    case not(Condition)
    case compare(Name, Comparator, Literal)
    case member(Name, [Literal])
    /// Rows from this many microseconds before now.
    case last(Int64)
    /// Rows whose local day is in this closed range (days since 1970-01-01).
    case between(Int64, Int64)
    case weekday
    case weekend
    case window(Window)
}
