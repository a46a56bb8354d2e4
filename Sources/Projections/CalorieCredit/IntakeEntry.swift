/// One number an event contributed to a local day: energy, a macronutrient or a weight.
struct IntakeEntry: Hashable, Comparable {
    enum Field: UInt8, CaseIterable {
        /// kcal
        case energy = 0
        /// grams
        case protein, carbs, fat
        /// kg
        case bodyMass
    }

    /// The contributing event's id, so that a correction or retraction takes back exactly this.
    var id: [UInt8]
    var field: Field
    var value: Double

    /// By event, then field: the order a full replay would give, whatever order events came in.
    static func < (lhs: IntakeEntry, rhs: IntakeEntry) -> Bool {
        lhs.id != rhs.id ? lhs.id.lexicographicallyPrecedes(rhs.id) : lhs.field.rawValue < rhs.field.rawValue
    }
}
