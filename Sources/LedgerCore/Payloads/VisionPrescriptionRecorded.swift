/// A glasses or contact lens prescription.
///
/// Each eye is kept as the export's attributes (`sphere` → `-1.25`, `sphereUnit` → `D`) rather than
/// typed fields: glasses and contacts use different subsets of some twenty values, and text keeps
/// them exactly as the optician wrote them.
public struct VisionPrescriptionRecorded: EventPayload {
    public static let kind = EventKind.visionPrescriptionRecorded
    public static let schema = 1

    /// Glasses or contacts, as the export names HealthKit's prescription type.
    public var type: String
    /// `YYYY-MM-DD`, or the date and time text the export wrote.
    public var dateIssued: String
    /// `YYYY-MM-DD`, or the date and time text the export wrote.
    public var expirationDate: String?
    /// Contact lens brand.
    public var brand: String?
    public var rightEye: [String: String]
    public var leftEye: [String: String]
    /// Identifiers of the prescription's attached images or documents.
    public var attachments: [String]
    public var metadata: [String: String]

    public init(
        type: String, dateIssued: String, expirationDate: String? = nil, brand: String? = nil,
        rightEye: [String: String] = [:], leftEye: [String: String] = [:], attachments: [String] = [],
        metadata: [String: String] = [:]
    ) {
        self.type = type
        self.dateIssued = dateIssued
        self.expirationDate = expirationDate
        self.brand = brand
        self.rightEye = rightEye
        self.leftEye = leftEye
        self.attachments = attachments
        self.metadata = metadata
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            type = try Rule.nonEmpty(document.string("type"), "type")
            dateIssued = try Rule.dateOrTime(document.string("dateIssued"), "dateIssued")
            if let expiration = try document.optionalString("expirationDate") {
                expirationDate = try Rule.dateOrTime(expiration, "expirationDate")
            } else {
                expirationDate = nil
            }
            brand = try Rule.nonEmptyIfPresent(document.optionalString("brand"), "brand")
            rightEye = try document.stringMap("rightEye")
            leftEye = try document.stringMap("leftEye")
            attachments = try document.strings("attachments")
            for (index, attachment) in attachments.enumerated() { _ = try Rule.nonEmpty(attachment, "attachments[\(index)]") }
            metadata = try document.stringMap("metadata")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["type": .string(type), "dateIssued": .string(dateIssued)]
        document.set("expirationDate", expirationDate.doc)
        document.set("brand", brand.doc)
        document.setMap("rightEye", rightEye, DocValue.string)
        document.setMap("leftEye", leftEye, DocValue.string)
        document.setStrings("attachments", attachments)
        document.setMap("metadata", metadata, DocValue.string)
        return document
    }
}
