import Foundation
import LedgerCore

/// HealthKit quantity types to FHIR codings (LOINC first) and UCUM units, from
/// `HKSampleMapping.json` (Stanford Spezi's HealthKitOnFHIR mapping, MIT — see
/// `HKSampleMapping.LICENSE.md` beside it).
struct FHIRMapping {
    struct Quantity {
        let codings: DocValue
        /// The unit the mapping reports this type in, HealthKit's spelling and UCUM's.
        let unit: HealthUnit?
        let ucum: String?
    }

    let quantities: [String: Quantity]
    /// UCUM codes for HealthKit unit spellings, gathered from every mapped type.
    let ucumByHealthKitUnit: [String: String]

    /// The mapping reports weight and length in US units; samples written in metric keep
    /// their unit, under these UCUM codes, rather than be converted to pounds and inches.
    static let metricUnits = ["kg": "kg", "cm": "cm", "km": "km", "mL": "mL", "hr": "h"]

    static func load() throws -> FHIRMapping {
        guard let url = Foundation.Bundle.module.url(forResource: "HKSampleMapping", withExtension: "json"),
              let data = FileManager.default.contents(atPath: url.path)
        else { throw BundleError(.invalidRequest, "the FHIR mapping HKSampleMapping.json is missing from this build's resources") }
        return try FHIRMapping(json: String(decoding: data, as: UTF8.self))
    }

    init(json: String) throws {
        let root = try JSONParser.parseObject(json)
        var quantities: [String: Quantity] = [:]
        var ucum: [String: String] = [:]
        for field in (try root.optionalDocument("HKQuantitySamples") ?? Document()).fields {
            guard case .map(let entry) = field.value, let codings = entry["codings"] else { continue }
            let unit = try entry.optionalDocument("unit")
            let hkunit = try unit?.optionalString("hkunit"), code = try unit?.optionalString("code")
            if let hkunit, let code { ucum[hkunit] = code }
            quantities[field.name] = Quantity(codings: codings, unit: hkunit.flatMap(HealthUnit.named), ucum: code)
        }
        self.quantities = quantities
        ucumByHealthKitUnit = ucum.merging(Self.metricUnits) { mapped, _ in mapped }
    }
}
