/// What one local day contributes to the budget: intake and macros summed, weights averaged.
public struct DayInputs: Equatable, Sendable {
    /// kcal; nil when no energy was logged that day (an unlogged day, not a day of fasting).
    public var energy: Double?
    /// grams; nil when not logged.
    public var protein: Double?
    public var carbs: Double?
    public var fat: Double?
    /// The mean of the day's body-mass samples, kg.
    public var bodyMass: Double?

    public static let empty = DayInputs()

    public init(energy: Double? = nil, protein: Double? = nil, carbs: Double? = nil, fat: Double? = nil, bodyMass: Double? = nil) {
        self.energy = energy
        self.protein = protein
        self.carbs = carbs
        self.fat = fat
        self.bodyMass = bodyMass
    }

    init(_ entries: [IntakeEntry]) {
        func values(_ field: IntakeEntry.Field) -> [Double] { entries.filter { $0.field == field }.map(\.value) }
        func total(_ field: IntakeEntry.Field) -> Double? { values(field).isEmpty ? nil : values(field).reduce(0, +) }
        energy = total(.energy)
        protein = total(.protein)
        carbs = total(.carbs)
        fat = total(.fat)
        let weights = values(.bodyMass)
        bodyMass = weights.isEmpty ? nil : weights.reduce(0, +) / Double(weights.count)
    }
}
