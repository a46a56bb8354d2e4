import Foundation

/// A health record downloaded from a provider: a `<ClinicalRecord>` in export.xml pointing
/// at its FHIR resource in `clinical-records/`.
struct ClinicalResource {
    let type: String
    let resourceType: String
    let identifier: String
    /// The resource's JSON, with `DATE` standing for the date it happened.
    private let template: String

    static let all = [
        ClinicalResource(type: "HKClinicalTypeIdentifierLabResultRecord", resourceType: "Observation", identifier: "4b1e2f7a-hba1c", template: """
        {"resourceType":"Observation","id":"4b1e2f7a-hba1c","status":"final","category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"laboratory"}]}],"code":{"coding":[{"system":"http://loinc.org","code":"4548-4","display":"Hemoglobin A1c/Hemoglobin.total in Blood"}],"text":"HbA1c"},"subject":{"reference":"Patient/anna-keller"},"effectiveDateTime":"DATE","valueQuantity":{"value":5.3,"unit":"%","system":"http://unitsofmeasure.org","code":"%"}}
        """),
        ClinicalResource(type: "HKClinicalTypeIdentifierImmunizationRecord", resourceType: "Immunization", identifier: "9c03d1e8-influenza", template: """
        {"resourceType":"Immunization","id":"9c03d1e8-influenza","status":"completed","vaccineCode":{"coding":[{"system":"http://hl7.org/fhir/sid/cvx","code":"150","display":"influenza, injectable, quadrivalent, preservative free"}],"text":"Influenza vaccine"},"patient":{"reference":"Patient/anna-keller"},"occurrenceDateTime":"DATE"}
        """),
        ClinicalResource(type: "HKClinicalTypeIdentifierConditionRecord", resourceType: "Condition", identifier: "e77a90b2-hay-fever", template: """
        {"resourceType":"Condition","id":"e77a90b2-hay-fever","clinicalStatus":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/condition-clinical","code":"active"}]},"code":{"coding":[{"system":"http://snomed.info/sct","code":"21719001","display":"Allergic rhinitis caused by pollen"}],"text":"Hay fever"},"subject":{"reference":"Patient/anna-keller"},"recordedDate":"DATE"}
        """),
    ]

    static let sourceName = "Charité & Partners Clinic"
    static let sourceURL = "https://fhir.example.org/api/FHIR/R4"

    /// The path export.xml gives, relative to `apple_health_export`.
    var filePath: String { "/clinical-records/\(resourceType)-\(identifier).json" }

    func json(date: CivilDate) -> String {
        var text = XMLBytes()
        text.appendCalendarDate(date)
        return template.replacingOccurrences(of: "DATE", with: String(decoding: text.bytes, as: UTF8.self))
    }
}
