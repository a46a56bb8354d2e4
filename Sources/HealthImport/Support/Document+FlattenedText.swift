import LedgerCore

extension Document {
    /// Every field as text (strings as they are, anything else as JSON), for keeping a
    /// record whose typed form failed validation as a generic event without losing a field.
    var flattenedText: [String: String] {
        var text: [String: String] = [:]
        for field in fields {
            if case .string(let value) = field.value {
                text[field.name] = value
            } else {
                var json = ""
                JSONWriter.write(field.value, into: &json)
                text[field.name] = json
            }
        }
        return text
    }
}
