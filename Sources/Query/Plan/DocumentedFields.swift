/// The fields docs/query.md names for each self-report series, whether or not any stored
/// event has them yet: the index knows only the fields its rows hold, and a documented query
/// (`dose where note contains "headache"`) must run on a vault whose doses have no note.
/// Typed here because the index learns a field's type from its values.
enum DocumentedFields {
    static let bySeries: [String: (numbers: Set<String>, texts: Set<String>)] = [
        "mood": (["rating", "scaleMin", "scaleMax"], ["note", "tags"]),
        "fatigue": (["rating", "scaleMin", "scaleMax"], ["note", "tags"]),
        "symptom": (["severity"], ["name", "note", "session"]),
        "food": (["kcal", "protein", "carbs", "fat"], ["name", "meal", "note"]),
        "dose": (["dosage_amount"], ["medication", "dosage_unit", "note"]),
        "medication": (["defaultDosage_amount"], ["name", "startedOn", "frequency", "defaultDosage_unit", "notes"]),
        "activity": ([], ["name", "note", "tags"]),
    ]

    /// The fields the rows hold, with the documented ones they lack (a field the data holds
    /// keeps the type its values give it).
    static func adding(to fields: (numbers: Set<String>, texts: Set<String>), series: String) -> (numbers: Set<String>, texts: Set<String>) {
        guard let documented = bySeries[series] else { return fields }
        let held = fields.numbers.union(fields.texts)
        return (fields.numbers.union(documented.numbers.subtracting(held)), fields.texts.union(documented.texts.subtracting(held)))
    }
}
