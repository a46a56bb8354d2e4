import Testing
@testable import LedgerCore

@Suite("Units and quantities")
struct QuantityTests {
    @Test("CLI text parses to value and canonical unit", arguments: [
        ("200mg", 200.0, "mg"), ("1.5 g", 1.5, "g"), ("72.4kg", 72.4, "kg"), ("165lb", 165, "lb"), ("165 lbs", 165, "lb"),
        ("500 mL", 500, "mL"), ("500ml", 500, "mL"), ("2 L", 2, "L"), ("10 µg", 10, "mcg"), ("10ug", 10, "mcg"),
        ("72 bpm", 72, "count/min"), ("-3.5 degC", -3.5, "degC"), ("98.6°F", 98.6, "degF"), (" 120 mmHg ", 120, "mmHg"),
        ("5.5 mmol/L", 5.5, "mmol/L"), ("95 mg/dl", 95, "mg/dL"), ("2 pills", 2, "pills"), ("1 tablet", 1, "tablets"),
        ("2 puffs", 2, "puffs"), ("400 IU", 400, "IU"), ("8 fl oz", 8, "fl_oz_us"), ("2500 kcal", 2500, "kcal"), ("10 Cal", 10, "Cal"),
    ])
    func parses(text: String, value: Double, unit: String) throws {
        #expect(try Quantity.parse(text) == Quantity(value: value, unit: unit))
    }

    @Test("text without a number or a known unit is rejected", arguments: [
        ("mg", "does not start with a number"), ("200", "has no unit"), ("200 spoons", "has an unknown unit 'spoons'"),
        ("", "does not start with a number"), ("1.2.3 kg", "does not start with a number"), ("--5 kg", "does not start with a number"),
        ("5 CAL", "has an unknown unit 'CAL'"),
    ])
    func rejects(text: String, reason: String) {
        #expect(throws: QuantityError(text: text, reason: reason)) { try Quantity.parse(text) }
    }

    @Test("the error message gives examples")
    func errorMessage() {
        let error = QuantityError(text: "x", reason: "has no unit")
        #expect(error.description.contains("200mg") && error.description.contains("'x' has no unit"))
    }

    @Test("conversions between units of one dimension", arguments: [
        (165.0, "lb", "kg", 74.842741), (100, "degC", "degF", 212), (98.6, "degF", "degC", 37), (1, "mi", "km", 1.609344),
        (1000, "kJ", "kcal", 239.005736), (1.5, "hr", "min", 90), (60, "count/min", "Hz", 1), (1, "fl_oz_us", "mL", 29.5735296),
        (200, "mg", "g", 0.2), (300, "K", "degC", 26.85),
    ])
    func converts(value: Double, from: String, to: String, expected: Double) throws {
        let converted = try Quantity(value: value, unit: from).converted(to: to)
        #expect(converted.unit == to)
        #expect(abs(converted.value - expected) < 1e-6)
    }

    @Test("converting across dimensions fails")
    func crossDimension() {
        #expect(throws: QuantityError(text: "5 kg", reason: "measures mass, not length like 'km'")) {
            try Quantity(value: 5, unit: "kg").converted(to: "km")
        }
    }

    @Test("HealthKit unit strings are known, others are not", arguments: [
        ("count", true), ("count/min", true), ("kg", true), ("lb", true), ("mcg", true), ("kcal", true), ("Cal", true), ("kJ", true),
        ("%", true), ("ms", true), ("hr", true), ("degC", true), ("mmHg", true), ("fl_oz_us", true), ("mg/dL", true),
        ("mmol<180.1558800000541>/L", true), ("mL/min·kg", true), ("dBASPL", true), ("IU", true),
        ("bpm", false), ("lbs", false), ("mmol<abc>/L", false), ("", false), ("KG", false),
    ])
    func known(symbol: String, isKnown: Bool) {
        #expect(HealthUnit.isKnown(symbol) == isKnown)
    }

    @Test("dosages parse from CLI text and reject non-dose units and zero")
    func dosage() throws {
        #expect(try Dosage.parse("200mg") == Dosage(amount: 200, unit: .mg))
        #expect(try Dosage.parse("2 tabs") == Dosage(amount: 2, unit: .tablets))
        #expect(try Dosage.parse("5 µg") == Dosage(amount: 5, unit: .mcg))
        #expect(try Dosage.parse("10 ml").description == "10 mL")
        #expect(throws: QuantityError.self) { try Dosage.parse("3 kg") }
        #expect(throws: QuantityError.self) { try Dosage.parse("0 mg") }
    }
}
