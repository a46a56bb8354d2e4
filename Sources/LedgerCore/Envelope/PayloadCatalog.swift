/// Validation of documents that arrive untyped (JSONL, bundles, corrections) by their kind's payload type.
public enum PayloadCatalog {
    /// Decodes `payload` with its kind's type, which validates every field.
    public static func validate(kind: EventKind, schema: Int, payload: Document) throws(ValidationError) {
        let type = kind.payloadType
        guard schema == type.schema else {
            throw ValidationError(kind: kind, field: "schema", value: "\(schema)", reason: "is not the current schema \(type.schema) of \(kind.rawValue)")
        }
        do {
            _ = try type.init(document: payload)
        } catch {
            var named = error
            named.kind = kind
            throw named
        }
    }

    /// The schema new events of `kind` are written with.
    public static func currentSchema(of kind: EventKind) -> Int { kind.payloadType.schema }
}
