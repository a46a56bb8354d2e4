public import Numerical

/// Bearable-style effects: how an outcome differs on days with a factor and without it, or
/// how two daily series move together, with the factor's day shifted by a lag.
public struct Correlation: Sendable {
    public enum Finding: Sendable {
        /// A yes/no factor (a dose taken, an activity done): the outcome with vs without it.
        case factor(Welch)
        /// Two numeric series, paired by day.
        case numeric(Pearson)
    }

    public let factor: String
    public let outcome: String
    /// The outcome is read this many days after the factor's day.
    public let lagDays: Int
    public let finding: Finding

    /// Days a yes/no factor needs on each side before a difference means anything.
    public static let minimumDays = 3

    /// Evaluates both queries by day and compares them. A factor whose aggregate is a
    /// count (`dose where …`, `activity "Running"`, `symptom count`) is yes/no: days with
    /// at least one row against days without, over the days the outcome has a value.
    public static func run(factor: String, outcome: String, lagDays: Int, data: QueryData) throws -> Correlation {
        let factorDays = try daily(factor, data: data)
        let outcomeDays = try daily(outcome, data: data)
        if factorDays.isCount {
            var with: [Double] = [], without: [Double] = []
            for (day, value) in outcomeDays.values.sorted(by: { $0.key < $1.key }) {
                if (factorDays.values[day - Int64(lagDays)] ?? 0) > 0 { with.append(value) } else { without.append(value) }
            }
            guard with.count >= minimumDays, without.count >= minimumDays else {
                throw CorrelationError("'\(outcome)' has a value on \(with.count) day(s) with '\(factor)' and \(without.count) without; each side needs at least \(minimumDays)")
            }
            guard let welch = Welch(with: with, without: without) else {
                throw CorrelationError("'\(outcome)' is the same on every day: there is no difference to measure")
            }
            return Correlation(factor: factor, outcome: outcome, lagDays: lagDays, finding: .factor(welch))
        }
        let pairs = factorDays.values.compactMap { day, value in outcomeDays.values[day + Int64(lagDays)].map { (day: day, factor: value, outcome: $0) } }
            .sorted { $0.day < $1.day }
        guard let pearson = Pearson(pairs.map(\.factor), pairs.map(\.outcome)) else {
            throw CorrelationError("'\(factor)' and '\(outcome)' share \(pairs.count) day(s) with values that vary; a correlation needs at least 3")
        }
        return Correlation(factor: factor, outcome: outcome, lagDays: lagDays, finding: .numeric(pearson))
    }

    /// One selection of `query`, grouped by local day: day number → value.
    static func daily(_ query: String, data: QueryData) throws -> (values: [Int64: Double], isCount: Bool) {
        do {
            return try dailyValues(query, data: data)
        } catch let error as QueryError {
            throw CorrelationQueryError(query: query, error: error)
        }
    }

    private static func dailyValues(_ query: String, data: QueryData) throws -> (values: [Int64: Double], isCount: Bool) {
        var ast = try Parser.parse(query)
        guard ast.selections.count == 1 else {
            throw QueryError("correlate compares one series with one other: remove the second selection", at: ast.selections[1].source.offset)
        }
        if let bucket = ast.bucket, bucket != .day {
            throw QueryError("correlate compares days: leave out `by \(bucket.rawValue)`", at: 0, suggestion: "by day")
        }
        ast.bucket = .day
        let result = try QueryEngine.run(ast, data: data)
        let evaluator = Evaluator(data: data)
        let (source, _) = try evaluator.vocabulary.resolve(ast.selections[0].source)
        let isCount = (ast.selections[0].aggregate ?? SeriesTraits(source).defaultAggregate) == .count
        var values: [Int64: Double] = [:]
        for (time, value) in zip(result.times ?? [], result.numbers(column: 1)) {
            if let value { values[LocalTime.floorDivide(time, LocalTime.microsPerDay)] = value }
        }
        return (values, isCount)
    }
}

/// A factor or outcome query that cannot be read or answered.
public struct CorrelationQueryError: Error {
    public let query: String
    public let error: QueryError
}

/// Two series that cannot be compared, and why.
public struct CorrelationError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
