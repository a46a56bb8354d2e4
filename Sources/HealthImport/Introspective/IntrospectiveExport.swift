import Foundation
public import LedgerCore

/// Writes moods, medication doses and activities in Introspective's own CSV layout (every
/// cell quoted, as it writes them), so Introspective — or `import introspective` — reads them back.
public enum IntrospectiveExport {
    /// `events` as they read now (corrections applied, retractions left out), in any order.
    public static func moods(_ events: [Event]) -> String {
        let rows = events.filter { $0.kind == .moodRated }.sorted { $0.start < $1.start }.compactMap { event -> [String]? in
            guard let mood = try? event.decode(MoodRated.self) else { return nil }
            return [IntrospectiveTimestamp.text(event.start, zone: IntrospectiveTimestamp.zone(of: event)), event.zone ?? "", number(mood.rating),
                    number(mood.scaleMin), number(mood.scaleMax), mood.note ?? "", sourceName(event)]
        }
        return csv(IntrospectiveColumns.moods, rows)
    }

    public static func medications(_ events: [Event]) -> String {
        var definitions: [String: (MedicationDefined, Event, Int)] = [:]
        for event in events where event.kind == .medicationDefined {
            if let medication = try? event.decode(MedicationDefined.self) { definitions[medication.name] = (medication, event, definitions[medication.name]?.2 ?? definitions.count) }
        }
        let rows = events.filter { $0.kind == .doseTaken }.sorted { $0.start < $1.start }.compactMap { event -> [String]? in
            guard let dose = try? event.decode(DoseTaken.self) else { return nil }
            let definition = definitions[dose.medication]
            let startedOn = definition.flatMap { medication, event, _ in
                medication.startedOn.flatMap(ISO8601.days).map { day in
                    IntrospectiveTimestamp.text(Timestamp(micros: (day * 86_400 - Int64(event.utcOffset)) * 1_000_000), zone: IntrospectiveTimestamp.zone(of: event))
                }
            }
            let medication = [dose.medication, definition?.0.defaultDosage.map(dosage) ?? "", definition?.0.frequency ?? "", startedOn ?? "",
                              definition.flatMap { $0.1.zone } ?? "", definition?.0.notes ?? "", definition.map { sourceName($0.1) } ?? "Introspective",
                              definition.map { String($0.2) } ?? ""]
            return medication + [dose.dosage.map(dosage) ?? "",
                                 IntrospectiveTimestamp.text(event.start, zone: IntrospectiveTimestamp.zone(of: event)), event.zone ?? "", sourceName(event)]
        }
        return csv(IntrospectiveColumns.doses, rows)
    }

    /// Introspective's `50 mg`.
    static func dosage(_ dosage: Dosage) -> String { "\(number(dosage.amount)) \(dosage.unit.rawValue)" }

    /// `5`, `2.5`: no `.0` on whole numbers, as Introspective writes them.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// Introspective knows its own sources by name; everything typed here is "Introspective".
    static func sourceName(_ event: Event) -> String {
        ["Wellness", "EasyPill", "ATracker", "Introspective"].contains(event.source.name) ? event.source.name : "Introspective"
    }

    static func csv(_ header: [String], _ rows: [[String]]) -> String {
        ([header] + rows).map { row in row.map { "\"" + CSVField.neutralised($0).replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",") }
            .joined(separator: "\n") + "\n"
    }
}
