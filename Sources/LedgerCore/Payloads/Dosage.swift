/// An amount of a medication: a positive number and a dose unit.
public struct Dosage: Hashable, Sendable, CustomStringConvertible {
    public var amount: Double
    public var unit: DoseUnit

    public init(amount: Double, unit: DoseUnit) {
        self.amount = amount
        self.unit = unit
    }

    /// Reads a dosage typed at the CLI: `200mg`, `1.5 g`, `2 pills`, `10 µg`.
    public static func parse(_ text: String) throws(QuantityError) -> Dosage {
        let quantity = try Quantity.parse(text)
        guard let unit = DoseUnit(parsing: quantity.unit) else {
            throw QuantityError(text: text, reason: "is not in a dose unit (mg, g, mcg, mL, IU, units, pills, tablets, capsules, puffs, drops)")
        }
        guard quantity.value > 0 else { throw QuantityError(text: text, reason: "must be more than zero") }
        return Dosage(amount: quantity.value, unit: unit)
    }

    public var description: String { "\(JSONWriter.formatDouble(amount)) \(unit.rawValue)" }

    init(document: Document) throws(ValidationError) {
        amount = try Rule.positive(document.double("amount"), "amount")
        let text = try document.string("unit")
        guard let unit = DoseUnit(rawValue: text) else {
            throw ValidationError(
                field: "unit", value: describe(.string(text)),
                reason: "is not a dose unit (\(DoseUnit.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self.unit = unit
    }

    var document: Document { ["amount": .double(amount), "unit": .string(unit.rawValue)] }
}
