/// A payload or envelope value that is not acceptable, naming the field and the value.
public struct ValidationError: Error, Equatable, CustomStringConvertible {
    public var kind: EventKind?
    public let field: String
    public let value: String
    public let reason: String

    public init(kind: EventKind? = nil, field: String, value: String, reason: String) {
        self.kind = kind
        self.field = field
        self.value = value
        self.reason = reason
    }

    public var description: String {
        let prefix = kind.map { "\($0.rawValue): " } ?? ""
        return "\(prefix)\(field) = \(value) \(reason)"
    }
}
