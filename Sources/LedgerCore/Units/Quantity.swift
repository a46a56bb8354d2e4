/// A number with its unit, as typed at the CLI (`200mg`, `1.5 g`, `165lb`, `2 pills`).
public struct Quantity: Hashable, Sendable, CustomStringConvertible {
    public var value: Double
    /// The canonical spelling: HealthKit's (`kg`, `mL`, `count/min`) or a `DoseUnit` (`pills`).
    public var unit: String

    public init(value: Double, unit: String) {
        self.value = value
        self.unit = unit
    }

    public var description: String { "\(JSONWriter.formatDouble(value)) \(unit)" }

    /// Parses a number followed by a unit, with or without a space between them.
    public static func parse(_ text: String) throws(QuantityError) -> Quantity {
        let trimmed = text.trimmed
        let numberEnd = trimmed.firstIndex { !($0.isASCII && ($0.isNumber || $0 == "." || $0 == "," || $0 == "-" || $0 == "+")) }
            ?? trimmed.endIndex
        let numberText = try decimalPoint(String(trimmed[..<numberEnd]), in: text)
        let unitText = String(trimmed[numberEnd...]).trimmed
        guard let value = Double(numberText), value.isFinite, numberText.contains(where: \.isNumber) else {
            throw QuantityError(text: text, reason: "does not start with a number")
        }
        guard !unitText.isEmpty else { throw QuantityError(text: text, reason: "has no unit") }
        if let unit = HealthUnit.parse(unitText) { return Quantity(value: value, unit: unit.symbol) }
        if let unit = DoseUnit(parsing: unitText) { return Quantity(value: value, unit: unit.rawValue) }
        throw QuantityError(text: text, reason: "has an unknown unit '\(unitText)'")
    }

    /// `72,4` read as `72.4`, as a decimal comma is written in much of the world; `1,500`
    /// could be either, so it is refused rather than guessed.
    public static func decimalPoint(_ number: String, in text: String) throws(QuantityError) -> String {
        let parts = number.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return number }
        let (whole, fraction) = (parts[0], parts[1])
        guard !whole.contains("."), whole.contains(where: \.isNumber), !fraction.isEmpty, fraction.allSatisfy(\.isNumber) else { return number }
        guard fraction.count != 3 else {
            throw QuantityError(text: text, reason: "could mean \(whole).\(fraction) or \(whole)\(fraction): write it with a point, or without the comma")
        }
        return "\(whole).\(fraction)"
    }

    /// The same amount in `unit` (`165 lb` → `74.84 kg`).
    public func converted(to unit: String) throws(QuantityError) -> Quantity {
        guard let from = HealthUnit.parse(self.unit), let to = HealthUnit.parse(unit) else {
            throw QuantityError(text: description, reason: "cannot be converted to '\(unit)'")
        }
        guard let converted = from.convert(value, to: to) else {
            throw QuantityError(text: description, reason: "measures \(from.dimension.rawValue), not \(to.dimension.rawValue) like '\(unit)'")
        }
        return Quantity(value: converted, unit: to.symbol)
    }
}

/// Text that is not a quantity, with what was wrong and examples of what works.
public struct QuantityError: Error, Equatable, CustomStringConvertible {
    public let text: String
    public let reason: String

    public var description: String {
        "'\(text)' \(reason); write a number and a unit, e.g. 200mg, 1.5 g, 72.4kg, 165lb, 500 mL, 2 pills"
    }
}
