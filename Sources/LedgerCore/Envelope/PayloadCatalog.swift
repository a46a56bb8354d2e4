/// The typed payload of every kind, for validating documents that arrive untyped (JSONL, bundles).
public enum PayloadCatalog {
    public static let types: [EventKind: any EventPayload.Type] = Dictionary(
        uniqueKeysWithValues: allTypes.map { ($0.kind, $0) })

    static let allTypes: [any EventPayload.Type] = []

    /// Decodes `payload` with its kind's type, which validates every field.
    public static func validate(kind: EventKind, schema: Int, payload: Document) throws(ValidationError) {
        guard let type = types[kind] else { return }
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
}

extension PayloadCatalog {
    /// The schema new events of `kind` are written with.
    public static func currentSchema(of kind: EventKind) -> Int { types[kind]?.schema ?? 1 }
}
