import LedgerCore

/// What the query language sees of one event: its series, its time and its fields.
///
/// A series is one stream of like events: a self-report kind (`mood`, `dose`), one
/// HealthKit type (`HKQuantityTypeIdentifierHeartRate`), or another kind by its raw name.
public struct IndexedRow: Equatable, Sendable {
    public var series: String
    public var start: Int64
    public var end: Int64
    public var utcOffset: Int32
    var idHigh: UInt64
    var idLow: UInt64
    /// Numeric fields; booleans are 0 or 1.
    public var numbers: [String: Double]
    public var texts: [String: String]
}

extension IndexedRow {
    /// The series of activity instances, paired from `activity.started` and `activity.stopped`.
    public static let activitySeries = "activity"

    /// The series a self-report kind is stored under, by its short name.
    static let shortNames: [EventKind: String] = [
        .moodRated: "mood", .fatigueRated: "fatigue", .symptomReported: "symptom", .foodLogged: "food",
        .doseTaken: "dose", .medicationDefined: "medication", .activityStarted: activitySeries,
    ]

    /// Every self-report series name (the rest are HealthKit types or raw kind names).
    public static var selfReportSeries: [String] { shortNames.values.sorted() }
}

extension IndexedRow {
    /// The series events of `kind` are stored under (HealthKit samples: their type instead).
    public static func seriesName(of kind: EventKind) -> String { shortNames[kind] ?? kind.rawValue }
}
