/// A dose of a medication taken; its time is the envelope's start.
public struct DoseTaken: EventPayload {
    public static let kind = EventKind.doseTaken
    public static let schema = 1

    /// The name of a defined medication.
    public var medication: String
    /// Left out when the medication's default dosage was taken (Introspective's "quick take").
    public var dosage: Dosage?
    public var note: String?

    public init(medication: String, dosage: Dosage? = nil, note: String? = nil) {
        self.medication = medication
        self.dosage = dosage
        self.note = note
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            medication = try Rule.nonEmpty(document.string("medication"), "medication")
            dosage = try document.item("dosage", Dosage.init(document:))
            note = try document.optionalString("note")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["medication": .string(medication)]
        document.set("dosage", dosage.map { .map($0.document) })
        document.set("note", note.doc)
        return document
    }
}
