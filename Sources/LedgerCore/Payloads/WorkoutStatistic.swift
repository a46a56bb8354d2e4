/// A workout's summary of one quantity type (heart rate average, energy sum…).
public struct WorkoutStatistic: Hashable, Sendable {
    /// e.g. `HKQuantityTypeIdentifierHeartRate`.
    public var type: String
    public var sum: Double?
    public var average: Double?
    public var minimum: Double?
    public var maximum: Double?
    public var unit: String

    public init(type: String, sum: Double? = nil, average: Double? = nil, minimum: Double? = nil, maximum: Double? = nil, unit: String) {
        self.type = type
        self.sum = sum
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
        self.unit = unit
    }

    init(document: Document) throws(ValidationError) {
        type = try Rule.typeIdentifier(document.string("type"), "type")
        sum = try document.optionalDouble("sum")
        average = try document.optionalDouble("average")
        minimum = try document.optionalDouble("minimum")
        maximum = try document.optionalDouble("maximum")
        unit = try Rule.healthUnit(document.string("unit"), "unit")
        guard sum != nil || average != nil || minimum != nil || maximum != nil else {
            throw ValidationError(field: "sum", value: "nothing", reason: "or average, minimum or maximum is required")
        }
        if let minimum, let maximum, minimum > maximum {
            throw ValidationError(field: "minimum", value: describe(.double(minimum)), reason: "must not exceed maximum \(JSONWriter.formatDouble(maximum))")
        }
    }

    var document: Document {
        var document: Document = ["type": .string(type)]
        document.set("sum", sum.doc)
        document.set("average", average.doc)
        document.set("minimum", minimum.doc)
        document.set("maximum", maximum.doc)
        document["unit"] = .string(unit)
        return document
    }
}
