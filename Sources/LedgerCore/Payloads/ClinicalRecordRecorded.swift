/// A health record a provider sent to Health (a lab result, condition, immunization…), with its
/// FHIR resource when the export holds it.
///
/// The envelope's start is the record's `receivedDate`: when Health downloaded it, not when the
/// test or visit happened — that date lives inside the FHIR resource.
public struct ClinicalRecordRecorded: EventPayload {
    public static let kind = EventKind.clinicalRecordRecorded
    public static let schema = 1

    /// As exported: `HKClinicalTypeIdentifierLabResultRecord`, or a FHIR resource type such as
    /// `DiagnosticReport` in some exports.
    public var type: String
    /// The provider's id of the FHIR resource; stable across exports.
    public var identifier: String
    /// Where the provider serves the resource. Optional because HealthKit's is (`HKFHIRResource.sourceURL`).
    public var sourceURL: String?
    /// e.g. `1.0.2` (DSTU2) or `4.0.1` (R4).
    public var fhirVersion: String
    /// Where the export keeps the resource, e.g. `/clinical-records/Observation-1A2B….json`.
    public var resourceFilePath: String
    /// The FHIR resource's JSON text, verbatim; nil when the file was not in the export.
    public var resource: String?

    public init(
        type: String, identifier: String, sourceURL: String? = nil, fhirVersion: String, resourceFilePath: String,
        resource: String? = nil
    ) {
        self.type = type
        self.identifier = identifier
        self.sourceURL = sourceURL
        self.fhirVersion = fhirVersion
        self.resourceFilePath = resourceFilePath
        self.resource = resource
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            type = try Rule.nonEmpty(document.string("type"), "type")
            identifier = try Rule.nonEmpty(document.string("identifier"), "identifier")
            sourceURL = try Rule.nonEmptyIfPresent(document.optionalString("sourceURL"), "sourceURL")
            fhirVersion = try Rule.nonEmpty(document.string("fhirVersion"), "fhirVersion")
            resourceFilePath = try Rule.nonEmpty(document.string("resourceFilePath"), "resourceFilePath")
            resource = try Rule.nonEmptyIfPresent(document.optionalString("resource"), "resource")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["type": .string(type), "identifier": .string(identifier)]
        document.set("sourceURL", sourceURL.doc)
        document["fhirVersion"] = .string(fhirVersion)
        document["resourceFilePath"] = .string(resourceFilePath)
        document.set("resource", resource.doc)
        return document
    }
}
