/// A setting took a new value; settings are events so a replay sees what was in force when.
public struct SettingChanged: EventPayload {
    public static let kind = EventKind.settingChanged
    public static let schema = 1

    /// Dotted words, e.g. `calorie.firstWeekday`, `sources.priority`.
    public var key: String
    /// Any value; `null` returns the setting to its default.
    public var value: DocValue

    public init(key: String, value: DocValue) {
        self.key = key
        self.value = value
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            key = try document.string("key")
            let words = key.split(separator: ".", omittingEmptySubsequences: false)
            guard words.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") } })
            else {
                throw ValidationError(field: "key", value: describe(.string(key)), reason: "must be dotted words like calorie.firstWeekday")
            }
            guard let value = document["value"] else { throw ValidationError(field: "value", value: "nothing", reason: "is required") }
            try Self.checkFinite(value, "value")
            if key == RatingScale.settingKey, RatingScale(setting: value) == nil {
                throw ValidationError(field: "value", value: describe(value), reason: "must be a scale like \"1-10\" (lowest-highest) or null for 1-10")
            }
            self.value = value
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document { ["key": .string(key), "value": value] }

    /// A value built in code may hold NaN, which has no JSON form and never equals itself.
    private static func checkFinite(_ value: DocValue, _ path: String) throws(ValidationError) {
        switch value {
        case .double(let number): try Rule.finite(number, path)
        case .array(let items): for (index, item) in items.enumerated() { try checkFinite(item, "\(path)[\(index)]") }
        case .map(let document): for field in document.fields { try checkFinite(field.value, "\(path).\(field.name)") }
        default: break
        }
    }
}
