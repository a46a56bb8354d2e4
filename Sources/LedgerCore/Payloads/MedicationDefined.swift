/// A medication a person takes, defined once so doses can name it and use its default dosage.
public struct MedicationDefined: EventPayload {
    public static let kind = EventKind.medicationDefined
    public static let schema = 1

    public var name: String
    /// `YYYY-MM-DD`.
    public var startedOn: String?
    /// Free text, e.g. `2x daily`.
    public var frequency: String?
    public var defaultDosage: Dosage?
    public var notes: String?

    public init(name: String, startedOn: String? = nil, frequency: String? = nil, defaultDosage: Dosage? = nil, notes: String? = nil) {
        self.name = name
        self.startedOn = startedOn
        self.frequency = frequency
        self.defaultDosage = defaultDosage
        self.notes = notes
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            name = try Rule.nonEmpty(document.string("name"), "name")
            startedOn = try Rule.date(document.optionalString("startedOn"), "startedOn")
            frequency = try Rule.nonEmptyIfPresent(document.optionalString("frequency"), "frequency")
            defaultDosage = try document.item("defaultDosage", Dosage.init(document:))
            notes = try document.optionalString("notes")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["name": .string(name)]
        document.set("startedOn", startedOn.doc)
        document.set("frequency", frequency.doc)
        document.set("defaultDosage", defaultDosage.map { .map($0.document) })
        document.set("notes", notes.doc)
        return document
    }
}
