import Foundation
public import LedgerCore

/// EasyPill's two exports, as Introspective imports them (`EasyPillMedicationImporter`,
/// `EasyPillMedicationDoseImporter`). They are comma-separated but not quoted: a name or a
/// note may hold commas, so fields are found by what they look like, not by position.
///
/// - Dose history: `Pill name,Taken on,Time` — the first cell after the name that reads as
///   a date `M/d/yy` ends the name; the time `HH:mm` follows.
/// - Medications: `Pill name,Notes,Dosage,Frequency,How many times per day,How many days,
///   Starting,Ending,Completed,Doses taken,Taking consistency,Quantity per dose,Current
///   quantity,Required quantity,Pills will last until` — the last eleven cells are fixed, so
///   they are read from the right; the frequency before them may span two cells (`every 2,5
///   hours`); the dosage precedes it; the notes are what lies between the name and the dosage.
public enum EasyPillFormat {
    public static let source = Source(name: "EasyPill")
    static let doseHeader = "Pill name,Taken on,Time"
    static let medicationHeader = "Pill name,Notes,Dosage,Frequency"

    public static func file(_ path: String, clock: LocalClock, identity: ImportIdentity) -> CSVFileImport {
        CSVFileImport(file: path) { text, file, summary throws(ImportError) in
            let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let header = lines.first?.trimmingCharacters(in: .whitespaces) ?? ""
            if header.hasPrefix(doseHeader) { return try doses(lines, file: file, clock: clock, identity: identity, summary: &summary) }
            if header.hasPrefix(medicationHeader) { return try medications(lines, file: file, clock: clock, identity: identity, summary: &summary) }
            throw .malformed(file, line: 1, "this is not an EasyPill export: the header is neither '\(doseHeader)' nor '\(medicationHeader),…'")
        }
    }

    static func doses(_ lines: [String], file: String, clock: LocalClock, identity: ImportIdentity, summary: inout ImportSummary) throws(ImportError) -> [Event] {
        var events: [Event] = []
        for (index, line) in lines.enumerated().dropFirst() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let parts = line.components(separatedBy: ",")
            guard let dateIndex = parts.indices.dropFirst().first(where: { LocalDateText.day(parts[$0].trimmingCharacters(in: .whitespaces)) != nil }),
                  dateIndex + 1 < parts.count else {
                throw .malformed(file, line: index + 1, column: "Taken on", "no date like 4/4/18 followed by a time in '\(line)'")
            }
            let name = parts[..<dateIndex].joined(separator: ",")
            let dateText = parts[dateIndex].trimmingCharacters(in: .whitespaces), timeText = parts[dateIndex + 1].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, let (start, offset) = LocalDateText.instant(dateText + " " + timeText, clock: clock) else {
                throw .malformed(file, line: index + 1, column: "Time", "'\(timeText)' is not a time like 13:43 (or the pill has no name)")
            }
            summary.count(type: "dose.taken", source: source.name)
            events.append(Event(DoseTaken(medication: name), id: identity.id("easypill.dose", [name, dateText, timeText]),
                                start: start, utcOffset: offset, zone: clock.zone.identifier, source: source))
        }
        return events
    }

    /// Cells counted from the right of a medication row, after the frequency.
    static let fixedTrailingCells = 11

    static func medications(_ lines: [String], file: String, clock: LocalClock, identity: ImportIdentity, summary: inout ImportSummary) throws(ImportError) -> [Event] {
        var events: [Event] = []
        for (index, line) in lines.enumerated().dropFirst() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let parts = line.components(separatedBy: ",")
            let frequencyEnd = parts.count - fixedTrailingCells
            guard frequencyEnd >= 3 else {
                throw .malformed(file, line: index + 1, "\(parts.count) cells: an EasyPill medication row has at least 15")
            }
            let joinedFrequency = parts[frequencyEnd - 2] + "," + parts[frequencyEnd - 1]
            let frequencyCells = frequencyEnd >= 4 && joinedFrequency.hasPrefix("every") && Double(parts[frequencyEnd - 1].prefix { $0.isNumber }) != nil ? 2 : 1
            let frequency = parts[(frequencyEnd - frequencyCells)..<frequencyEnd].joined(separator: ",")
            let dosageIndex = frequencyEnd - frequencyCells - 1
            guard dosageIndex >= 1 else { throw .malformed(file, line: index + 1, column: "Dosage", "the columns cannot be aligned") }
            let name = parts[0], notes = parts[1..<dosageIndex].joined(separator: ",")
            let startingText = parts[frequencyEnd + 2].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, let startDay = LocalDateText.day(startingText) else {
                throw .malformed(file, line: index + 1, column: "Starting", "'\(startingText)' is not a date like 4/4/18 (or the pill has no name)")
            }
            let offset = clock.utcOffset(day: startDay)
            let medication = MedicationDefined(
                name: name, startedOn: String(LocalClock.instant(day: startDay, seconds: 0, utcOffset: 0).iso8601(utcOffset: 0).prefix(10)),
                frequency: frequency.isEmpty ? nil : frequency, defaultDosage: try? Dosage.parse(parts[dosageIndex]), notes: notes.isEmpty ? nil : notes)
            if !parts[dosageIndex].isEmpty, medication.defaultDosage == nil { summary.note("a dosage that is not an amount and a dose unit was left out") }
            summary.count(type: "medication.defined", source: source.name)
            // A changed definition (another dosage) is a new version, stored after the old; the same one is stored once.
            events.append(Event(medication, id: identity.id("easypill.medication", [name, JSONWriter.string(medication.document)]), start: LocalClock.instant(day: startDay, seconds: 0, utcOffset: offset),
                                utcOffset: offset, zone: clock.zone.identifier, source: source))
        }
        return events
    }
}
