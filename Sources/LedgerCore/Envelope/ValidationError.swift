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

    /// The value of a field that is not there.
    public static let missing = "nothing"

    public var description: String {
        let prefix = kind.map { "\($0.rawValue): " } ?? ""
        // A missing field has no value to show: "rating is required", not "rating = nothing is required".
        if value == Self.missing { return "\(prefix)\(field) \(reason)" }
        return "\(prefix)\(field) = \(value) \(reason)"
    }
}
