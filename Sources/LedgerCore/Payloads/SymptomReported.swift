/// A symptom a person felt, with how bad it was, optionally within a measuring session.
public struct SymptomReported: EventPayload {
    public static let kind = EventKind.symptomReported
    public static let schema = 1

    /// e.g. `Headache`, `Cough`, `Shortness of Breath` (Smart Health Companion's list, or any name).
    public var name: String
    public var severity: SymptomSeverity
    public var note: String?
    /// Groups the symptoms and vitals recorded in one sitting, as the companion app's sessions do.
    public var session: String?

    public init(name: String, severity: SymptomSeverity, note: String? = nil, session: String? = nil) {
        self.name = name
        self.severity = severity
        self.note = note
        self.session = session
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            name = try Rule.nonEmpty(document.string("name"), "name")
            let level = try document.int("severity")
            guard let severity = SymptomSeverity(rawValue: Int(clamping: level)) else {
                throw ValidationError(field: "severity", value: String(level), reason: "must be 0 (none), 1 (mild), 2 (moderate) or 3 (severe)")
            }
            self.severity = severity
            note = try document.optionalString("note")
            session = try Rule.nonEmptyIfPresent(document.optionalString("session"), "session")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["name": .string(name), "severity": .int(Int64(severity.rawValue))]
        document.set("note", note.doc)
        document.set("session", session.doc)
        return document
    }
}

/// How bad a symptom is, stored as 0…3.
///
/// The companion app's seed only says symptoms are recorded "with severity"; four levels
/// is the common clinical scale, and 0 lets a person record that a tracked symptom is gone.
public enum SymptomSeverity: Int, Sendable, CaseIterable {
    case absent = 0, mild, moderate, severe
}
