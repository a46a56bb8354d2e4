/// The fields a kind reads, so that a field typed wrong is refused instead of stored for ever
/// and read by nothing.
extension PayloadCatalog {
    /// The fields of `payload` (as `a.b` paths) that its kind does not read: the ones a decode
    /// and encode drops. Fields given as null or empty, which a payload may leave out as its
    /// default, are not counted. A payload that does not decode is compared with the
    /// documented fields, so that `dosage.unt=mg` is named rather than "dosage.unit is required".
    public static func unknownFields(kind: EventKind, payload: Document) -> [String] {
        guard let kept = try? kind.payloadType.init(document: payload).document else {
            guard let documented = documentedFields[kind] else { return [] }
            return undocumented(in: payload, documented: documented, path: "")
        }
        return dropped(from: payload, kept: kept, path: "")
    }

    private static func undocumented(in given: Document, documented: [String], path: String) -> [String] {
        var unknown: [String] = []
        for field in given.fields where !isLeftOut(field.value) {
            let name = path + field.name
            if documented.contains(name) { continue }
            if case .map(let nested) = field.value, documented.contains(where: { $0.hasPrefix(name + ".") }) {
                unknown += undocumented(in: nested, documented: documented, path: name + ".")
            } else {
                unknown.append(name)
            }
        }
        return unknown
    }

    /// The fields `kind` reads, for a message naming them: the documented ones of the kinds
    /// people type, else the ones `example` keeps through a round trip.
    public static func knownFields(of kind: EventKind, example payload: Document) -> [String] {
        if let documented = documentedFields[kind] { return documented }
        return (try? kind.payloadType.init(document: payload).document.fields.map(\.name)) ?? []
    }

    /// Whether two payloads of `kind` read the same once decoded (`rating=6` and `6.0` do).
    public static func same(kind: EventKind, _ left: Document, _ right: Document) -> Bool {
        guard let leftDocument = try? kind.payloadType.init(document: left).document,
              let rightDocument = try? kind.payloadType.init(document: right).document
        else { return left == right }
        return leftDocument == rightDocument
    }

    private static func dropped(from given: Document, kept: Document, path: String) -> [String] {
        var unknown: [String] = []
        for field in given.fields where !isLeftOut(field.value) {
            let name = path + field.name
            switch (field.value, kept[field.name]) {
            case (_, nil): unknown.append(name)
            case (.map(let nested), .map(let keptNested)?): unknown += dropped(from: nested, kept: keptNested, path: name + ".")
            default: break
            }
        }
        return unknown
    }

    private static func isLeftOut(_ value: DocValue) -> Bool {
        switch value {
        case .null: true
        case .array(let items): items.isEmpty
        case .map(let document): document.isEmpty
        default: false
        }
    }

    /// The fields of the kinds typed at the command line, from their payload types.
    private static let documentedFields: [EventKind: [String]] = [
        .moodRated: ["rating", "scaleMin", "scaleMax", "note", "tags"],
        .fatigueRated: ["rating", "scaleMin", "scaleMax", "note", "tags"],
        .symptomReported: ["name", "severity", "note", "session"],
        .foodLogged: ["name", "meal", "kcal", "protein", "carbs", "fat", "nutrients", "note"],
        .medicationDefined: ["name", "startedOn", "frequency", "defaultDosage.amount", "defaultDosage.unit", "notes"],
        .doseTaken: ["medication", "dosage.amount", "dosage.unit", "note"],
        .activityDefined: ["name", "description", "tags"],
        .activityStarted: ["name", "note", "tags"],
        .activityStopped: ["name", "startedBy", "note"],
        .settingChanged: ["key", "value"],
        .sampleRecorded: ["type", "value", "unit", "metadata"],
        .categoryRecorded: ["type", "value", "metadata"],
    ]
}
