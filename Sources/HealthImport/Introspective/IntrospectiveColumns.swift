/// The columns of Introspective's own CSV exports (its `Exportable` samples), in order.
enum IntrospectiveColumns {
    static let moods = ["Timestamp", "Time Zone", "Rating", "Minimum Allowed Rating", "Maximum Allowed Rating", "Note", "Source"]
    static let medication = ["Name", "Normal Dosage", "Frequency", "Started On", "Started On Time Zone", "Notes", "Definition Source", "Record Screen Index"]
    /// The "Medication Dosage History" file: the medication's columns, then the dose's.
    static let doses = medication + ["Dosage", "Timestamp", "Time Zone", "Instance Source"]
    static let activityDefinition = ["Name", "Description", "Definition Tags", "Definition Source", "Auto Note", "Record Screen Index"]
    static let activities = activityDefinition + [
        "Start", "Start Set At", "Start Time Zone", "Start Date Offset", "End", "End Set At", "End Time Zone", "End Date Offset",
        "Total Duration Offset", "Note", "Extra Tags", "Instance Source",
    ]
}
