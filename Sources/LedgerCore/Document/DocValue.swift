/// A self-describing value: the form payloads take between typed structs, upcasters,
/// the binary codec and JSON.
///
/// Fields keep their insertion order so that encoding is deterministic.
public enum DocValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case bytes([UInt8])
    case array([DocValue])
    case map(Document)
}

/// An ordered map of field names to values.
public struct Document: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [(name: String, value: DocValue)]

    public init() { fields = [] }

    public init(_ fields: [(String, DocValue)]) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, DocValue)...) {
        self.init(elements)
    }

    /// An empty document with room for `count` fields: the payloads made millions of times
    /// per import build theirs with `appendNew` in one allocation, where a literal took
    /// two (its list, then the labelled copy).
    init(reservingCapacity count: Int) {
        fields = []
        fields.reserveCapacity(count)
    }

    /// Adds a field the document does not have yet, without looking for it.
    mutating func appendNew(_ name: String, _ value: DocValue) {
        fields.append((name: name, value: value))
    }

    public subscript(name: String) -> DocValue? {
        // By index, not `first(where:)`: that copied out the whole field (its name and
        // value retained, then the name released) at each of a fold's many lookups.
        get {
            for index in fields.indices where fields[index].name == name { return fields[index].value }
            return nil
        }
        set {
            let index = fields.firstIndex { $0.name == name }
            switch (index, newValue) {
            case let (index?, value?): fields[index].value = value
            case let (index?, nil): fields.remove(at: index)
            case let (nil, value?): fields.append((name: name, value: value))
            case (nil, nil): break
            }
        }
    }

    public var isEmpty: Bool { fields.isEmpty }

    public static func == (lhs: Document, rhs: Document) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }
}

extension Document {
    /// Sets `value` under `name` unless it is nil: optional payload fields are left out.
    public mutating func set(_ name: String, _ value: DocValue?) {
        if let value { self[name] = value }
    }
}
