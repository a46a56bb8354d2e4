public import LedgerCore

/// What the query language sees of one event: its series, its time and its fields.
///
/// A series is one stream of like events: a self-report kind (`mood`, `dose`), one
/// HealthKit type (`HKQuantityTypeIdentifierHeartRate`), or another kind by its raw name.
public struct IndexedRow: Sendable {
    public var series: String
    public var start: Int64
    public var end: Int64
    public var utcOffset: Int32
    var idHigh: UInt64
    var idLow: UInt64
    /// Numeric fields in payload order; booleans are 0 or 1. Short lists rather than
    /// dictionaries: a row has two or three fields, and a million rows are folded per import.
    public var numbers: [(name: String, value: Double)]
    public var texts: [(name: String, value: String)]

    /// Where each field sits, once a row has more than `linearSearchLimit` of them: a row
    /// usually has two or three, found fastest by a linear search, but an event with
    /// thousands of fields would make that search quadratic.
    var numberPositions: [String: Int] = [:]
    var textPositions: [String: Int] = [:]
    static let linearSearchLimit = 16

    /// Sets field `name`, replacing a value it already has.
    mutating func set(_ name: String, number: Double) {
        if let index = Self.position(of: name, in: numbers, positions: &numberPositions) {
            numbers[index].value = number
        } else {
            numbers.append((name, number))
        }
    }

    mutating func set(_ name: String, text: String) {
        if let index = Self.position(of: name, in: texts, positions: &textPositions) {
            texts[index].value = text
        } else {
            texts.append((name, text))
        }
    }

    /// Where `name` is in `fields`; when it is not there, `positions` (if in use) records
    /// the place it is about to be appended at.
    private static func position<Value>(of name: String, in fields: [(name: String, value: Value)], positions: inout [String: Int]) -> Int? {
        guard fields.count >= linearSearchLimit else { return fields.firstIndex { $0.name == name } }
        if positions.isEmpty {
            for (index, field) in fields.enumerated() { positions[field.name] = index }
        }
        if let index = positions[name] { return index }
        positions[name] = fields.count
        return nil
    }

    /// Forgets the fields, keeping the lists' room for the next row.
    mutating func removeFields() {
        numbers.removeAll(keepingCapacity: true)
        texts.removeAll(keepingCapacity: true)
        if !numberPositions.isEmpty { numberPositions.removeAll(keepingCapacity: true) }
        if !textPositions.isEmpty { textPositions.removeAll(keepingCapacity: true) }
    }
}

extension IndexedRow {
    /// The series of activity instances, paired from `activity.started` and `activity.stopped`.
    public static let activitySeries = "activity"

    /// The series a self-report kind is stored under, by its short name.
    static let shortNames: [EventKind: String] = [
        .moodRated: "mood", .fatigueRated: "fatigue", .symptomReported: "symptom", .foodLogged: "food",
        .doseTaken: "dose", .medicationDefined: "medication", .activityStarted: activitySeries,
        .friendStepsShared: "friend_steps",
    ]

    /// Every self-report series name (the rest are HealthKit types or raw kind names).
    public static var selfReportSeries: [String] { shortNames.values.sorted() }
}

extension IndexedRow {
    /// The series events of `kind` are stored under (HealthKit samples: their type instead).
    public static func seriesName(of kind: EventKind) -> String { shortNames[kind] ?? kind.rawValue }
}
