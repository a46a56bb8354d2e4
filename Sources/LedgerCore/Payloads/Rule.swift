/// The checks payloads share, each throwing a `ValidationError` that names field and value.
///
/// The kind is added by the payload's decoder (`ValidationError.tagged`), so these stay generic.
enum Rule {
    static func nonEmpty(_ text: String, _ field: String) throws(ValidationError) -> String {
        // Any visible ASCII byte settles it without Unicode property lookups.
        guard text.utf8.contains(where: { $0 > 0x20 && $0 < 0x7f }) || !text.allSatisfy(\.isWhitespace) else {
            throw ValidationError(field: field, value: describe(.string(text)), reason: "must not be empty")
        }
        return text
    }

    static func nonEmptyIfPresent(_ text: String?, _ field: String) throws(ValidationError) -> String? {
        guard let text else { return nil }
        return try nonEmpty(text, field)
    }

    static func positive(_ number: Double, _ field: String) throws(ValidationError) -> Double {
        try finite(number, field)
        guard number > 0 else { throw ValidationError(field: field, value: describe(.double(number)), reason: "must be greater than 0") }
        return number
    }

    // The numeric rules take the field's name as an autoclosure: a route checks seven
    // numbers per point, and naming each (`lat[1234]`) up front cost more than the checks.

    static func nonNegative(_ number: Double, _ field: @autoclosure () -> String) throws(ValidationError) -> Double {
        try finite(number, field())
        guard number >= 0 else { throw ValidationError(field: field(), value: describe(.double(number)), reason: "must not be negative") }
        return number
    }

    static func nonNegativeIfPresent(_ number: Double?, _ field: @autoclosure () -> String) throws(ValidationError) -> Double? {
        guard let number else { return nil }
        return try nonNegative(number, field())
    }

    static func within(_ number: Double, _ range: ClosedRange<Double>, _ field: @autoclosure () -> String) throws(ValidationError) -> Double {
        try finite(number, field())
        guard range.contains(number) else {
            throw ValidationError(
                field: field(), value: describe(.double(number)),
                reason: "must lie within \(JSONWriter.formatDouble(range.lowerBound))…\(JSONWriter.formatDouble(range.upperBound))")
        }
        return number
    }

    /// Typed values can be built with NaN or infinity directly; `document` would carry them.
    static func finite(_ number: Double, _ field: @autoclosure () -> String) throws(ValidationError) {
        guard number.isFinite else { throw ValidationError(field: field(), value: "\(number)", reason: "must be a finite number") }
    }

    /// A unit string HealthKit writes (`count/min`, `kg`, `mmol<180.15588>/L`).
    static func healthUnit(_ text: String, _ field: String) throws(ValidationError) -> String {
        guard HealthUnit.isKnown(text) else {
            throw ValidationError(field: field, value: describe(.string(text)), reason: "is not a known HealthKit unit (e.g. count/min, kg, kcal, mg/dL)")
        }
        return text
    }

    /// A HealthKit identifier such as `HKQuantityTypeIdentifierHeartRate`.
    static func typeIdentifier(_ text: String, _ field: String) throws(ValidationError) -> String {
        // Scans bytes: identifiers are ASCII, and this runs for every imported sample.
        guard text.utf8.count > 2, text.hasPrefix("HK"), !text.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7f }) else {
            throw ValidationError(field: field, value: describe(.string(text)), reason: "must be a HealthKit identifier starting with HK")
        }
        return text
    }

    /// A calendar date written `YYYY-MM-DD`.
    static func date(_ text: String?, _ field: String) throws(ValidationError) -> String? {
        guard let text else { return nil }
        guard ISO8601.days(text) != nil else {
            throw ValidationError(field: field, value: describe(.string(text)), reason: "must be a date like 2026-03-01")
        }
        return text
    }

    /// A date (`2026-03-01`) or a date and time as Health writes them (`2026-03-01 07:30:00 +0100`).
    static func dateOrTime(_ text: String, _ field: String) throws(ValidationError) -> String {
        guard (try? ISO8601.parse(text, localOffset: 0)) != nil else {
            throw ValidationError(
                field: field, value: describe(.string(text)), reason: "must be a date like 2026-03-01 or a time like 2026-03-01 07:30:00 +0100")
        }
        return text
    }

    static func eventID(_ text: String, _ field: String) throws(ValidationError) -> EventID {
        guard let id = EventID(hex: text) else {
            throw ValidationError(field: field, value: describe(.string(text)), reason: "must be an event id of 32 hex digits")
        }
        return id
    }
}
