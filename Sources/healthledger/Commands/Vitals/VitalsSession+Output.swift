import Foundation
import LedgerCore
import Projections

/// A session in the forms `history` prints.
extension VitalsSession {
    func document(readings: [VitalReading]) -> Document {
        var document: Document = ["id": .string(id), "open": .bool(isOpen)]
        document.set("start", start.map { .string($0.iso8601(utcOffset: utcOffset)) })
        document.set("end", end.map { .string($0.iso8601(utcOffset: utcOffset)) })
        document.set("note", note.map(DocValue.string))
        document["readings"] = .array(readings.map { .map($0.document) })
        document["symptoms"] = .array(symptoms.map { symptom in
            var fields: Document = ["name": .string(symptom.name), "severity": .int(Int64(symptom.severity.rawValue)), "level": .string("\(symptom.severity)")]
            fields.set("note", symptom.note.map(DocValue.string))
            return .map(fields)
        })
        return document
    }

    /// `3f2a9c1b  2026-11-22 08:14  heart 72 bpm  breathing 15/min  2 symptoms`.
    func line(readings: [VitalReading]) -> String {
        let when = start.map { String($0.iso8601(utcOffset: utcOffset).prefix(16)).replacingOccurrences(of: "T", with: " ") } ?? "(no start)          "
        let heart = readings.last { $0.signal == .ppg }.map { rate($0) } ?? "-"
        let breathing = readings.last { $0.signal == .accelerometer }.map { rate($0) } ?? "-"
        let count = "\(symptoms.count) symptom\(symptoms.count == 1 ? "" : "s")"
        return "\(shortID)  \(when)  heart \(heart)  breathing \(breathing)  \(count)\(isOpen ? "  (open)" : "")"
    }

    /// Every detail, one per line.
    func details(readings: [VitalReading]) -> [String] {
        var lines = ["session \(id)"]
        lines.append("  started: " + (start.map { $0.iso8601(utcOffset: utcOffset) } ?? "no start event"))
        lines.append("  ended:   " + (end.map { $0.iso8601(utcOffset: utcOffset) } ?? (isOpen ? "still open" : "-")))
        if let note { lines.append("  note: \(note)") }
        for reading in readings {
            lines.append("  \(reading.measure) at \(reading.start.iso8601(utcOffset: reading.utcOffset)): \(reading.summary) [v\(reading.algorithm)]")
        }
        if readings.isEmpty { lines.append("  no measurements") }
        for symptom in symptoms {
            lines.append("  symptom: \(symptom.name), \(symptom.severity)" + (symptom.note.map { " (\($0))" } ?? ""))
        }
        if symptoms.isEmpty { lines.append("  no symptoms") }
        return lines
    }

    private func rate(_ reading: VitalReading) -> String {
        reading.estimate.rate.map { "\(Int($0.rounded()))\(reading.signal == .ppg ? " bpm" : "/min")" } ?? "unreliable"
    }
}
