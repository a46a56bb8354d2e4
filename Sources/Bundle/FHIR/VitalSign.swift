import LedgerCore

/// The LOINC codes FHIR R4's vital-signs profile lists, with the UCUM units it allows for
/// each: an Observation with one of these codes is in the `vital-signs` category, which
/// pulls that profile in, so its value must be in one of these units.
struct VitalSign {
    /// The units the profile allows, UCUM codes.
    let units: [String]
    /// The HealthKit unit a sample is converted to when its own is not allowed.
    let convertTo: String

    static let byLOINC: [String: VitalSign] = [
        "9279-1": VitalSign(units: ["/min"], convertTo: "count/min"),
        "8867-4": VitalSign(units: ["/min"], convertTo: "count/min"),
        "2708-6": VitalSign(units: ["%"], convertTo: "%"),
        "8310-5": VitalSign(units: ["Cel", "[degF]"], convertTo: "degC"),
        "8302-2": VitalSign(units: ["cm", "[in_i]"], convertTo: "cm"),
        "29463-7": VitalSign(units: ["kg", "g", "[lb_av]"], convertTo: "kg"),
        "39156-5": VitalSign(units: ["kg/m2"], convertTo: "count"),
        "8480-6": VitalSign(units: ["mm[Hg]"], convertTo: "mmHg"),
        "8462-4": VitalSign(units: ["mm[Hg]"], convertTo: "mmHg"),
    ]

    /// The blood-pressure panel: one Observation, its systolic and diastolic components.
    static let bloodPressurePanel = "85354-9"

    /// The first vital sign among `loincCodes`.
    static func among(_ loincCodes: [String]) -> VitalSign? { loincCodes.lazy.compactMap { byLOINC[$0] }.first }

    static let category: DocValue = .array([.map([
        "coding": .array([.map([
            "system": .string("http://terminology.hl7.org/CodeSystem/observation-category"), "code": .string("vital-signs"),
            "display": .string("Vital Signs"),
        ])]),
    ])])
}
