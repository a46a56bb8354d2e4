/// A `calorie.*` setting as it changed at one moment; nil value returns it to its default.
struct CalorieSettingChange: Hashable, Comparable {
    var start: Int64
    var id: [UInt8]
    /// The local day the change took effect.
    var day: Int64
    var key: String
    /// The value as text (numbers in their shortest form), so every setting stores alike.
    var value: String?

    static func < (lhs: CalorieSettingChange, rhs: CalorieSettingChange) -> Bool {
        lhs.start != rhs.start ? lhs.start < rhs.start : lhs.id.lexicographicallyPrecedes(rhs.id)
    }
}
