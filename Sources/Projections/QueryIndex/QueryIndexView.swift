public import LedgerCore

/// The query index as a projection: per series and month, compact columns of every event,
/// caught up with the log like every view, so that `query` reads columns instead of events.
public enum QueryIndexView: ProjectionKind {
    public static let name = "query-index"
    /// The rating scale is a setting.
    public static let settingKinds: Set<EventKind>? = [.settingChanged]
    /// A day's rows are its events' rows, but for the kinds below.
    public static let daysStandAlone = true
    /// Definitions list whatever the day asked; an activity's row is made by its start and
    /// ended by its stop, days apart either way; a profile describes every day.
    public static let kindsOfEveryDay: Set<EventKind> = [.medicationDefined, .activityDefined, .activityStarted, .activityStopped, .profileRecorded]
    /// v1: rows as `IndexedRow` extracts them; activities paired from start and stop.
    /// v2: a correlation's members are rows of their types' series too.
    /// v3: a raw member sample stored after its correlation replaces the member's row.
    /// v4: rows at the offset of the zone an event names; workouts' distance and energy
    /// from their statistics where the export gave no totals.
    /// v5: the series directory keeps each month's fields, so that taking an event back
    /// takes back the months and field names only it brought (stored at a new key).
    public static let version = 5

    public static func makeState(load: @escaping ([UInt8]) throws -> [UInt8]?) throws -> QueryIndexState {
        try QueryIndexState(load: load)
    }

    /// The series whose months changed, read from the partition keys alone: comparing the rows
    /// would load every series of both states, a lifetime of samples.
    public static func describeChanges(from old: QueryIndexState, to new: QueryIndexState, keys: [[UInt8]]) throws -> [String] {
        let changed = Set(keys.compactMap(SeriesMonth.series(inKey:)))
        guard !changed.isEmpty else { return [] }
        return ["\(name) v\(version) changed \(changed.count) series: " + changed.sorted().prefix(8).joined(separator: ", ")]
    }
}
