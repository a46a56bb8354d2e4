import LedgerCore

/// The entries of `data.symptoms[]` and `data.stateOfMind[]` (and `data.medications[]`,
/// `data.ecg[]` and `data.cycleTracking[]`, each in its own file): things a person logged or
/// recorded in Health, which the ledger has kinds for.
///
/// `{"name": "Headache", "severity": "Moderate", "start", "end", "userEntered", "source"}` is a
/// `symptom.reported`; `{"id", "kind", "start", "end", "valence", "valenceClassification",
/// "labels", "associations", "metadata"}` is a `mood.rated` of `valence` on HealthKit's own
/// scale, −1 (very unpleasant) to 1 (very pleasant), with its labels and associations as tags.
/// `valenceClassification` and `userEntered` are not kept: the first is HealthKit's banding of
/// the valence, the second what the source already says. Each entry's id stands for the entry,
/// never its values, so a re-send stores nothing and a changed one is a correction.
extension HealthAutoExportFile {
    /// The arrays of `data` read here, beside `metrics` and `workouts`.
    static let entryArrays: Set<String> = ["symptoms", "stateOfMind", "medications", "ecg", "cycleTracking"]

    /// HealthKit's symptom severities the ledger's 0–3 scale names; `Unspecified` (present, how
    /// badly not said) is not one of them.
    static let symptomSeverities: [String: SymptomSeverity] = ["not present": .absent, "mild": .mild, "moderate": .moderate, "severe": .severe]

    static let keptSymptomElement = "HealthAutoExport.symptom"

    func entry(_ value: DocValue, of array: String, field: String, summary: inout ImportSummary) throws(ImportError) -> Event? {
        guard case .map(let entry) = value else { throw .malformed(path, column: field, "is not an object") }
        switch array {
        case "symptoms": return try symptom(entry, field: field, summary: &summary)
        case "medications": return try medication(entry, field: field, summary: &summary)
        case "ecg": return try electrocardiogram(entry, field: field, summary: &summary)
        case "cycleTracking": return try cycleTracking(entry, field: field, summary: &summary)
        default: return try stateOfMind(entry, field: field, summary: &summary)
        }
    }

    private func symptom(_ entry: Document, field: String, summary: inout ImportSummary) throws(ImportError) -> Event {
        guard case .string(let name)? = entry["name"], !name.isEmpty else { throw .malformed(path, column: field + ".name", "the symptom has no name") }
        let (start, offset) = try date(entry, "start", field: field)
        let end = try end(of: entry, after: start, field: field)
        let app = pointSource(entry)
        // Its name, start and source: Health keeps one entry of a symptom at a time.
        let key = ["symptom", name, String(start.micros), app ?? ""]
        let source = entrySource(app)
        let severityText = entry["severity"].map(Self.text) ?? ""
        guard let severity = Self.symptomSeverities[severityText.lowercased()] else {
            let (attributes, children) = Self.flattened(entry)
            summary.note("symptom severity '\(severityText)' is not one the ledger's scale names (Not Present, Mild, Moderate, Severe): kept whole as exportElement.recorded (unmapped)")
            summary.count(type: "HealthAutoExport:symptoms", source: source.name)
            let payload = ExportElementRecorded(element: Self.keptSymptomElement, attributes: attributes, children: children)
            return Event(payload, id: identity.id(Self.idNamespace, key + ["kept"]), start: start, end: end, utcOffset: offset, source: source)
        }
        let payload = SymptomReported(name: name, severity: severity)
        return Event(payload, id: identity.id(Self.idNamespace, key), start: start, end: end, utcOffset: offset, source: source)
    }

    private func stateOfMind(_ entry: Document, field: String, summary: inout ImportSummary) throws(ImportError) -> Event {
        let (start, offset) = try date(entry, "start", field: field)
        let end = try end(of: entry, after: start, field: field)
        let valence = try number(entry, "valence", field: field)
        guard (-1...1).contains(valence) else { throw .malformed(path, column: field + ".valence", "\(valence) is outside −1…1, HealthKit's valence") }
        var tags: [String] = []
        for list in ["labels", "associations"] {
            for (index, item) in try array(entry[list], field: "\(field).\(list)").enumerated() {
                guard case .string(let tag) = item, !tag.isEmpty else { throw .malformed(path, column: "\(field).\(list)[\(index)]", "is not a label's name") }
                if !tags.contains(tag) { tags.append(tag) }
            }
        }
        if case .map(let metadata)? = entry["metadata"], !metadata.isEmpty {
            summary.note("a state of mind's metadata: not kept (mood.rated has no place for it)")
        }
        let kind = entry["kind"].map(Self.text).flatMap { $0.isEmpty ? nil : $0 }
        // HealthKit's id for the entry; without one, its start and kind.
        let key = entry["id"].map(Self.text).flatMap { $0.isEmpty ? nil : ["stateOfMind", $0] } ?? ["stateOfMind", String(start.micros), kind ?? ""]
        let payload = MoodRated(rating: valence, scaleMin: -1, scaleMax: 1, note: kind.map(Self.moodNote), tags: tags)
        return Event(payload, id: identity.id(Self.idNamespace, key), start: start, end: end, utcOffset: offset, source: entrySource(pointSource(entry)))
    }

    /// HealthKit's two kinds of state of mind, as a note says them.
    static func moodNote(_ kind: String) -> String {
        switch kind {
        case "dailyMood": "daily mood (Health's state of mind)"
        case "momentaryEmotion": "momentary emotion (Health's state of mind)"
        default: "\(kind) (Health's state of mind)"
        }
    }

    /// The entry's `end`, if it has one, not before its start.
    func end(of entry: Document, after start: Timestamp, field: String) throws(ImportError) -> Timestamp? {
        guard let value = entry["end"], value != .null else { return nil }
        let (end, _) = try date(entry, "end", field: field)
        guard end >= start else { throw .malformed(path, column: field + ".end", "ends before its start") }
        return end
    }

    /// Health Auto Export, with the app or device that recorded the entry as its device: a
    /// symptom or a mood has no metadata to keep it in, as a point does.
    func entrySource(_ app: String?) -> Source {
        Source(name: source.name, device: app)
    }
}
