/// The quietest tone one ear heard at one frequency of an audiogram.
public struct EarSensitivity: Hashable, Sendable {
    /// Decibels hearing level (dBHL); higher means worse hearing; a little below 0 is possible.
    public var sensitivity: Double
    /// Whether the other ear was masked with noise during the test; exports before iOS 18 leave it out.
    public var masked: Bool?
    /// The lowest level the test could measure, in dBHL: a sensitivity at this bound means "this or better".
    public var clampingLowerBound: Double?
    /// The highest level the test could measure, in dBHL: a sensitivity at this bound means "this or worse".
    public var clampingUpperBound: Double?

    public init(sensitivity: Double, masked: Bool? = nil, clampingLowerBound: Double? = nil, clampingUpperBound: Double? = nil) {
        self.sensitivity = sensitivity
        self.masked = masked
        self.clampingLowerBound = clampingLowerBound
        self.clampingUpperBound = clampingUpperBound
    }

    init(document: Document) throws(ValidationError) {
        sensitivity = try document.double("sensitivity")
        masked = try document.optionalBool("masked")
        clampingLowerBound = try document.optionalDouble("clampingLowerBound")
        clampingUpperBound = try document.optionalDouble("clampingUpperBound")
        if let lower = clampingLowerBound, let upper = clampingUpperBound, lower > upper {
            throw ValidationError(
                field: "clampingLowerBound", value: describe(.double(lower)),
                reason: "must not exceed clampingUpperBound \(JSONWriter.formatDouble(upper))")
        }
    }

    var document: Document {
        var document: Document = ["sensitivity": .double(sensitivity)]
        document.set("masked", masked.map(DocValue.bool))
        document.set("clampingLowerBound", clampingLowerBound.doc)
        document.set("clampingUpperBound", clampingUpperBound.doc)
        return document
    }
}
