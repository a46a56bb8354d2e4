/// One frequency of an audiogram, with what each tested ear heard there.
public struct AudiogramPoint: Hashable, Sendable {
    /// Hertz.
    public var frequency: Double
    public var left: EarSensitivity?
    public var right: EarSensitivity?

    public init(frequency: Double, left: EarSensitivity? = nil, right: EarSensitivity? = nil) {
        self.frequency = frequency
        self.left = left
        self.right = right
    }

    init(document: Document) throws(ValidationError) {
        frequency = try Rule.positive(document.double("frequency"), "frequency")
        left = try document.item("left", EarSensitivity.init(document:))
        right = try document.item("right", EarSensitivity.init(document:))
        guard left != nil || right != nil else {
            throw ValidationError(field: "left", value: "nothing", reason: "or right is required: a frequency is tested on at least one ear")
        }
    }

    var document: Document {
        var document: Document = ["frequency": .double(frequency)]
        document.set("left", left.map { .map($0.document) })
        document.set("right", right.map { .map($0.document) })
        return document
    }
}
