public import LedgerCore
import Projections

/// Every table an export writes, in the order it writes them.
///
/// Event tables share the envelope columns (`id`, `sequence`, `start`, `end`, `utc_offset`,
/// `local_day`, `source`, `device`) and then hold their family's payload, one row per event
/// as it reads now (corrections applied, retracted events left out).
public enum ExportCatalog {
    static let envelope: [ExportColumn] = [
        ExportColumn("id", .text),
        ExportColumn("sequence", .integer),
        ExportColumn("start", .instant),
        ExportColumn("end", .instant, optional: true),
        ExportColumn("utc_offset", .integer),
        ExportColumn("local_day", .day, references: "daily_metrics(date)"),
        ExportColumn("source", .text),
        ExportColumn("device", .text, optional: true),
    ]

    static let dayIndex: [[String]] = [["local_day"]]

    public static let samples = ExportTable(
        "samples", kinds: [.sampleRecorded], columns: envelope + [
            ExportColumn("type", .text), ExportColumn("value", .real), ExportColumn("unit", .text),
            ExportColumn("metadata", .text, optional: true),
        ], partitionColumn: "type", indexed: [["type", "start"], ["local_day", "type"]])

    public static let categories = ExportTable(
        "categories", kinds: [.categoryRecorded], columns: envelope + [
            ExportColumn("type", .text), ExportColumn("value", .text), ExportColumn("metadata", .text, optional: true),
        ], partitionColumn: "type", indexed: [["type", "start"], ["local_day", "type"]])

    public static let workouts = ExportTable(
        "workouts", kinds: [.workoutRecorded], columns: envelope + [
            ExportColumn("activity_type", .text), ExportColumn("duration_seconds", .real),
            ExportColumn("distance", .real, optional: true), ExportColumn("distance_unit", .text, optional: true),
            ExportColumn("energy", .real, optional: true), ExportColumn("energy_unit", .text, optional: true),
            ExportColumn("metadata", .text, optional: true),
        ], indexed: dayIndex)

    static let ratingColumns = [
        ExportColumn("rating", .real), ExportColumn("scale_min", .real), ExportColumn("scale_max", .real),
        ExportColumn("normalized", .real), ExportColumn("note", .text, optional: true), ExportColumn("tags", .text, optional: true),
    ]

    public static let moods = ExportTable("moods", kinds: [.moodRated], columns: envelope + ratingColumns, indexed: dayIndex)
    public static let fatigue = ExportTable("fatigue", kinds: [.fatigueRated], columns: envelope + ratingColumns, indexed: dayIndex)

    public static let medications = ExportTable(
        "medications", kinds: [.medicationDefined], columns: envelope + [
            ExportColumn("name", .text), ExportColumn("started_on", .text, optional: true),
            ExportColumn("frequency", .text, optional: true), ExportColumn("default_amount", .real, optional: true),
            ExportColumn("default_unit", .text, optional: true), ExportColumn("notes", .text, optional: true),
        ], indexed: [["name"]])

    public static let doses = ExportTable(
        "doses", kinds: [.doseTaken], columns: envelope + [
            ExportColumn("medication", .text), ExportColumn("amount", .real, optional: true),
            ExportColumn("unit", .text, optional: true), ExportColumn("note", .text, optional: true),
        ], indexed: [["medication", "start"], ["local_day"]])

    public static let food = ExportTable(
        "food", kinds: [.foodLogged], columns: envelope + [
            ExportColumn("name", .text), ExportColumn("meal", .text, optional: true),
            ExportColumn("kcal", .real, optional: true), ExportColumn("protein", .real, optional: true),
            ExportColumn("carbs", .real, optional: true), ExportColumn("fat", .real, optional: true),
            ExportColumn("nutrients", .text, optional: true), ExportColumn("note", .text, optional: true),
        ], indexed: dayIndex)

    public static let activities = ExportTable(
        "activities", kinds: [.activityDefined, .activityStarted, .activityStopped], columns: envelope + [
            ExportColumn("action", .text), ExportColumn("name", .text), ExportColumn("note", .text, optional: true),
            ExportColumn("tags", .text, optional: true), ExportColumn("started_by", .text, optional: true),
        ], indexed: [["name", "start"], ["started_by"], ["local_day"]])

    public static let symptoms = ExportTable(
        "symptoms", kinds: [.symptomReported], columns: envelope + [
            ExportColumn("name", .text), ExportColumn("severity", .integer), ExportColumn("note", .text, optional: true),
            ExportColumn("session", .text, optional: true),
        ], indexed: [["name", "start"], ["local_day"]])

    public static let vitals = ExportTable(
        "vitals", kinds: [.vitalMeasured], columns: envelope + [
            ExportColumn("signal", .text), ExportColumn("sample_count", .integer),
            ExportColumn("sample_rate", .real, optional: true), ExportColumn("duration_seconds", .real, optional: true),
            ExportColumn("detail", .text, optional: true), ExportColumn("session", .text, optional: true),
        ], indexed: [["session"], ["local_day"]])

    /// Face captures as their features and indicators; landmarks and images stay in the vault.
    public static let faces = ExportTable(
        "faces", kinds: [.faceCaptured], columns: envelope
            + FaceFeature.allCases.map { ExportColumn(snakeCase($0.rawValue), .real, optional: true) }
            + FaceIndicator.allCases.map { ExportColumn(snakeCase($0.rawValue), .real, optional: true) }
            + [
                ExportColumn("image_width", .integer, optional: true), ExportColumn("image_height", .integer, optional: true),
                ExportColumn("face_confidence", .real, optional: true), ExportColumn("landmark_count", .integer, optional: true),
            ], indexed: dayIndex)

    /// One row per local day, ShareHealth's columns by their stable keys.
    public static let dailyMetrics = ExportTable(
        "daily_metrics", columns: [ExportColumn("date", .day)] + MetricCatalog.columns.map { ExportColumn($0.key, .real, optional: true) },
        primaryKey: "date")

    /// Each daily metric key with ShareHealth's header (name and unit).
    public static let dailyMetricColumns = ExportTable(
        "daily_metric_columns", columns: [ExportColumn("key", .text), ExportColumn("header", .text)], primaryKey: "key")

    static let familyTables = [samples, categories, workouts, moods, fatigue, medications, doses, food, activities, symptoms, vitals, faces]

    /// Amendments are applied to the events they amend, not rows of their own.
    static let amendments: Set<EventKind> = [.eventCorrected, .eventRetracted, .subjectErased]

    /// Every other kind (correlations, ECGs, clinical records, settings, Health's profile…)
    /// with its payload as `log --json` prints it, so that an export leaves no event out.
    public static let otherEvents = ExportTable(
        "other_events",
        kinds: Set(EventKind.allCases.filter { kind in !amendments.contains(kind) && !familyTables.contains { $0.kinds.contains(kind) } }),
        columns: envelope + [ExportColumn("kind", .text), ExportColumn("payload", .text)],
        partitionColumn: "kind", indexed: [["kind", "start"], ["local_day"]])

    public static let eventTables = familyTables + [otherEvents]
    public static let all = eventTables + [dailyMetrics, dailyMetricColumns]

    static let tableByKind: [EventKind: ExportTable] = Dictionary(
        uniqueKeysWithValues: eventTables.flatMap { table in table.kinds.map { ($0, table) } })

    public static func table(for kind: EventKind) -> ExportTable? { tableByKind[kind] }

    static func snakeCase(_ name: String) -> String {
        var output = ""
        for character in name {
            if character.isUppercase {
                output += "_" + character.lowercased()
            } else {
                output.append(character)
            }
        }
        return output
    }
}
