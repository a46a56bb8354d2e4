import Foundation

/// Typed reads of payload fields that name the field when a value is missing or wrong.
extension Document {
    public func require(_ name: String) throws(ValidationError) -> DocValue {
        guard let value = self[name], value != .null else {
            throw ValidationError(field: name, value: "nothing", reason: "is required")
        }
        return value
    }

    public func double(_ name: String) throws(ValidationError) -> Double {
        try Self.asDouble(require(name), field: name)
    }

    public func optionalDouble(_ name: String) throws(ValidationError) -> Double? {
        guard let value = self[name], value != .null else { return nil }
        return try Self.asDouble(value, field: name)
    }

    public func int(_ name: String) throws(ValidationError) -> Int64 {
        try Self.asInt(require(name), field: name)
    }

    public func optionalInt(_ name: String) throws(ValidationError) -> Int64? {
        guard let value = self[name], value != .null else { return nil }
        return try Self.asInt(value, field: name)
    }

    public func string(_ name: String) throws(ValidationError) -> String {
        guard case .string(let text) = try require(name) else {
            throw ValidationError(field: name, value: describe(self[name]), reason: "must be text")
        }
        return text
    }

    public func optionalString(_ name: String) throws(ValidationError) -> String? {
        guard let value = self[name], value != .null else { return nil }
        guard case .string(let text) = value else {
            throw ValidationError(field: name, value: describe(value), reason: "must be text")
        }
        return text
    }

    public func optionalBool(_ name: String) throws(ValidationError) -> Bool? {
        guard let value = self[name], value != .null else { return nil }
        guard case .bool(let flag) = value else {
            throw ValidationError(field: name, value: describe(value), reason: "must be true or false")
        }
        return flag
    }

    /// Bytes, or base64 text as JSON carries them.
    public func optionalBytes(_ name: String) throws(ValidationError) -> [UInt8]? {
        switch self[name] {
        case nil, .null?: return nil
        case .bytes(let data)?: return data
        case .string(let text)?:
            guard let data = Data(base64Encoded: text) else {
                throw ValidationError(field: name, value: "'\(text.prefix(20))'", reason: "is not base64")
            }
            return Array(data)
        case let other?: throw ValidationError(field: name, value: describe(other), reason: "must be bytes")
        }
    }

    public func strings(_ name: String) throws(ValidationError) -> [String] {
        guard let value = self[name], value != .null else { return [] }
        guard case .array(let items) = value else {
            throw ValidationError(field: name, value: describe(value), reason: "must be a list of text")
        }
        var texts: [String] = []
        for item in items {
            guard case .string(let text) = item else {
                throw ValidationError(field: name, value: describe(item), reason: "must be a list of text")
            }
            texts.append(text)
        }
        return texts
    }

    public func doubles(_ name: String) throws(ValidationError) -> [Double] {
        guard let value = self[name], value != .null else { return [] }
        guard case .array(let items) = value else {
            throw ValidationError(field: name, value: describe(value), reason: "must be a list of numbers")
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(items.count)
        for item in items { numbers.append(try Self.asDouble(item, field: name)) }
        return numbers
    }

    public func optionalDocument(_ name: String) throws(ValidationError) -> Document? {
        guard let value = self[name], value != .null else { return nil }
        guard case .map(let document) = value else {
            throw ValidationError(field: name, value: describe(value), reason: "must be an object")
        }
        return document
    }

    public func documents(_ name: String) throws(ValidationError) -> [Document] {
        guard let value = self[name], value != .null else { return [] }
        guard case .array(let items) = value else {
            throw ValidationError(field: name, value: describe(value), reason: "must be a list of objects")
        }
        var documents: [Document] = []
        for item in items {
            guard case .map(let document) = item else {
                throw ValidationError(field: name, value: describe(item), reason: "must be a list of objects")
            }
            documents.append(document)
        }
        return documents
    }

    /// `field` is named only for an error: columns name each value by its index.
    static func asDouble(_ value: DocValue, field: @autoclosure () -> String) throws(ValidationError) -> Double {
        switch value {
        case .double(let number) where number.isFinite: return number
        case .int(let number): return Double(number)
        default: throw ValidationError(field: field(), value: describe(value), reason: "must be a finite number")
        }
    }

    static func asInt(_ value: DocValue, field: String) throws(ValidationError) -> Int64 {
        switch value {
        case .int(let number): return number
        case .double(let number) where number == number.rounded() && abs(number) < 9e15: return Int64(number)
        default: throw ValidationError(field: field, value: describe(value), reason: "must be a whole number")
        }
    }
}

/// A short rendering of a value for error messages.
public func describe(_ value: DocValue?) -> String {
    guard let value else { return "nothing" }
    switch value {
    case .string(let text): return "'\(text.count > 40 ? text.prefix(40) + "…" : Substring(text))'"
    case .bytes(let data): return "\(data.count) bytes"
    // NaN and infinity have no JSON form; the writer's `null` would misname them.
    case .double(let number): return number.isFinite ? JSONWriter.formatDouble(number) : "\(number)"
    default:
        var out = ""
        writeJSONPrefix(value, into: &out, beyond: 40)
        return out.count > 40 ? String(out.prefix(40)) + "…" : out
    }
}

/// Writes `value` as `JSONWriter.write` does, but stops once `out` holds more than `limit`
/// characters: a summary shows 40, and an ECG's payload is thousands of numbers. Returns
/// whether it wrote all of it. Characters before the last can no longer change once more
/// follow, so the first `limit` are those of the whole text.
@discardableResult
private func writeJSONPrefix(_ value: DocValue, into out: inout String, beyond limit: Int) -> Bool {
    switch value {
    case .array(let items):
        out.append("[")
        for (index, item) in items.enumerated() {
            if index > 0 { out.append(",") }
            guard writeJSONPrefix(item, into: &out, beyond: limit), out.count <= limit else { return false }
        }
        out.append("]")
    case .map(let document):
        out.append("{")
        for (index, field) in document.fields.enumerated() {
            if index > 0 { out.append(",") }
            JSONWriter.writeString(field.name, into: &out)
            out.append(":")
            guard writeJSONPrefix(field.value, into: &out, beyond: limit), out.count <= limit else { return false }
        }
        out.append("}")
    default:
        JSONWriter.write(value, into: &out)
    }
    return true
}
