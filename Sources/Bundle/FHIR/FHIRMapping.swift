import Foundation
import LedgerCore

/// HealthKit quantity types to FHIR codings (LOINC first), from `HKSampleMapping.json`
/// (Stanford Spezi's HealthKitOnFHIR mapping, MIT — see `HKSampleMapping.LICENSE.md`
/// beside it), with the LOINC codes it lacks added. Units do not come from it: its UCUM
/// codes are per unit string, and `count` is steps for one type and kg/m2 for another
/// (see `UCUMUnit`).
struct FHIRMapping {
    struct Quantity {
        let codings: [DocValue]
        /// The mapping's HealthKit unit for this type: the one a sample is converted to when
        /// UCUM has no code for the sample's own unit.
        let unit: String?
    }

    let quantities: [String: Quantity]
    /// The codings of a blood-pressure reading (the LOINC panel).
    let bloodPressurePanel: [DocValue]

    static let loinc = "http://loinc.org"

    /// LOINC terms the mapping leaves out. 55430-3 is LOINC's one walking distance over an
    /// unspecified time (its other distance terms are 24-hour totals); 2708-6 is the code
    /// FHIR's vital-signs profile requires for oxygen saturation, beside the pulse-oximetry
    /// term the mapping has.
    static let addedLOINC: [String: (code: String, display: String)] = [
        "HKQuantityTypeIdentifierDistanceWalkingRunning": ("55430-3", "Walking distance unspecified time Pedometer"),
        "HKQuantityTypeIdentifierOxygenSaturation": ("2708-6", "Oxygen saturation in Arterial blood"),
    ]

    static func load() throws -> FHIRMapping {
        guard let url = Foundation.Bundle.module.url(forResource: "HKSampleMapping", withExtension: "json"),
              let data = FileManager.default.contents(atPath: url.path)
        else { throw BundleError(.invalidRequest, "the FHIR mapping HKSampleMapping.json is missing from this build's resources") }
        return try FHIRMapping(json: String(decoding: data, as: UTF8.self))
    }

    init(json: String) throws {
        let root = try JSONParser.parseObject(json)
        var quantities: [String: Quantity] = [:]
        for field in (try root.optionalDocument("HKQuantitySamples") ?? Document()).fields {
            guard case .map(let entry) = field.value, case .array(var codings)? = entry["codings"] else { continue }
            if let added = Self.addedLOINC[field.name] {
                codings.insert(.map(["system": .string(Self.loinc), "code": .string(added.code), "display": .string(added.display)]), at: 0)
            }
            quantities[field.name] = Quantity(codings: codings, unit: try entry.optionalDocument("unit")?.optionalString("hkunit"))
        }
        self.quantities = quantities
        let pressure = try root.optionalDocument("HKCorrelations")?.optionalDocument("HKCorrelationTypeIdentifierBloodPressure")
        guard case .array(let panel)? = pressure?["codings"] else {
            throw BundleError(.invalidRequest, "the FHIR mapping HKSampleMapping.json has no blood-pressure panel code")
        }
        bloodPressurePanel = panel
    }

    /// The LOINC codes among `codings`.
    static func loincCodes(_ codings: [DocValue]) -> [String] {
        codings.compactMap { coding in
            guard case .map(let fields) = coding, fields["system"] == .string(loinc), case .string(let code)? = fields["code"] else { return nil }
            return code
        }
    }
}
