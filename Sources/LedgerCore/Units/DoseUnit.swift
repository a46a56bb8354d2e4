/// The units a medication dose is measured in.
public enum DoseUnit: String, Sendable, CaseIterable {
    case mg, g, mcg, mL, IU, units, pills, tablets, capsules, puffs, drops

    /// The unit for text a person typed, in any common spelling (`µg`, `ml`, `tablet`).
    public init?(parsing text: String) {
        if let exact = DoseUnit(rawValue: text) {
            self = exact
            return
        }
        guard let unit = Self.aliases[text.lowercased()] else { return nil }
        self = unit
    }

    private static let aliases: [String: DoseUnit] = [
        "mg": .mg, "g": .g, "mcg": .mcg, "µg": .mcg, "μg": .mcg, "ug": .mcg, "ml": .mL, "iu": .IU,
        "unit": .units, "units": .units, "u": .units, "pill": .pills, "pills": .pills, "tablet": .tablets,
        "tablets": .tablets, "tab": .tablets, "tabs": .tablets, "capsule": .capsules, "capsules": .capsules,
        "puff": .puffs, "puffs": .puffs, "drop": .drops, "drops": .drops,
    ]
}
