/// The local days a query can possibly need, from the time filters every row must pass, so
/// only those months of the index are read.
enum DayHint {
    static func days(of condition: Condition?, now: Int64) -> ClosedRange<Int64>? {
        guard let condition else { return nil }
        switch condition {
        case .and(let left, let right):
            switch (days(of: left, now: now), days(of: right, now: now)) {
            case (let a?, let b?): return max(a.lowerBound, b.lowerBound)...max(max(a.lowerBound, b.lowerBound), min(a.upperBound, b.upperBound))
            case (let a?, nil): return a
            case (nil, let b): return b
            }
        // A day of margin either side: offsets move an instant's local day by up to one.
        case .last(let micros): return (LocalTime.floorDivide(now - micros, LocalTime.microsPerDay) - 1)...(LocalTime.floorDivide(now, LocalTime.microsPerDay) + 1)
        case .between(let first, let last): return first...last
        default: return nil
        }
    }

    /// The part of `condition` every row must pass that reads only the time (`last`,
    /// `between`, `weekday`, `weekend` and their combinations), so daily metrics are computed
    /// only for the days that can pass.
    static func timeOnly(_ condition: Condition?) -> Condition? {
        guard let condition else { return nil }
        if isTimeOnly(condition) { return condition }
        guard case .and(let left, let right) = condition else { return nil }
        switch (timeOnly(left), timeOnly(right)) {
        case (let a?, let b?): return .and(a, b)
        case (let a?, nil): return a
        case (nil, let b): return b
        }
    }

    private static func isTimeOnly(_ condition: Condition) -> Bool {
        switch condition {
        case .last, .between, .weekday, .weekend: true
        case .not(let inner): isTimeOnly(inner)
        case .and(let left, let right), .or(let left, let right): isTimeOnly(left) && isTimeOnly(right)
        case .compare, .member, .window: false
        }
    }
}

