import PropertyBased
import Testing
@testable import LedgerCore

/// What a person types that used to be stored wrong or explained badly.
@Suite("Typed input")
struct TypedInputTests {
    @Test("a decimal comma reads as the point it stands for")
    func decimalComma() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...999), Gen.int(in: 0...99), Gen.element(of: ["kg", " kg", "mg", " lb"])) { whole, fraction, unit in
            let digits = String(fraction)
            let comma = try? Quantity.parse("\(whole),\(digits)\(unit!)")
            #expect(comma != nil && comma == (try? Quantity.parse("\(whole).\(digits)\(unit!)")), "\(whole),\(digits)\(unit!)")
        }
    }

    @Test("a comma that could separate thousands is refused, not guessed")
    func thousands() {
        #expect(throws: QuantityError(text: "1,500 mg", reason: "could mean 1.500 or 1500: write it with a point, or without the comma")) {
            try Quantity.parse("1,500 mg")
        }
    }

    @Test("a missing field is said to be required, with no value to show")
    func missingField() {
        #expect(ValidationError(kind: .moodRated, field: "rating", value: ValidationError.missing, reason: "is required").description == "mood.rated: rating is required")
        #expect(ValidationError(field: "sampleRate", value: ValidationError.missing, reason: "or timestamps is required").description == "sampleRate or timestamps is required")
        #expect(ValidationError(field: "rating", value: "11", reason: "must be at most 10").description == "rating = 11 must be at most 10")
        #expect(throws: ValidationError(kind: .moodRated, field: "rating", value: "nothing", reason: "is required")) {
            try PayloadCatalog.validate(kind: .moodRated, schema: 2, payload: ["note": .string("tired")])
        }
    }

    @Test("fields a kind does not read are found, nested ones by path")
    func unknownFields() {
        let cases: [(EventKind, Document, [String])] = [
            (.moodRated, ["rating": .int(7), "colour": .string("blue")], ["colour"]),
            (.moodRated, ["rating": .int(7), "tags": .array([]), "note": .null], []),
            (.doseTaken, ["medication": .string("Ibuprofen"), "dosage": .map(["amount": .int(200), "unt": .string("mg"), "unit": .string("mg")])], ["dosage.unt"]),
            (.sampleRecorded, ["type": .string("HKQuantityTypeIdentifierBodyMass"), "value": .double(72.4), "unit": .string("kg"), "metadata": .map(["any": .string("key")])], []),
        ]
        for (kind, payload, unknown) in cases {
            #expect(PayloadCatalog.unknownFields(kind: kind, payload: payload) == unknown, "\(kind.rawValue)")
        }
    }

    @Test("a name a letter or two away is near; the same name or a far one is not", arguments: [
        ("Ibuprofn", "Ibuprofen", true), ("ibuprofen", "Ibuprofen", false), ("Readng", "Reading", true), ("Reaidng", "Reading", true),
        ("Melatonin", "Ibuprofen", false), ("Tea", "Yoga", false), ("Yog", "Yoga", true), ("Ibuprof", "Ibuprofen", true), ("Ibupr", "Ibuprofen", false),
    ])
    func near(typed: String, known: String, isNear: Bool) {
        #expect(Nearest.isNear(typed, known) == isNear)
    }
}
