import LedgerCore

extension IntrospectiveRows {
    /// Each row is a dose with its medication's definition; one definition per name.
    func doses(summary: inout ImportSummary) throws(ImportError) -> [Event] {
        var events: [Event] = []
        var defined: Set<String> = []
        for original in table.rows.dropFirst() {
            var row = original
            if row.cells.count == IntrospectiveColumns.doses.count - 1, let index = columns.names["Record Screen Index"] {
                var cells = row.cells
                cells.insert("", at: index)
                row = CSVTable.Row(line: row.line, cells: cells)
            }
            guard let name = columns.cell(row, "Name") else { throw .malformed(file, line: row.line, column: "Name", "a dose needs its medication's name") }
            guard let (taken, offset, zone) = try instant(row, "Timestamp", zone: "Time Zone") else {
                throw .malformed(file, line: row.line, column: "Timestamp", "a dose needs its time")
            }
            if defined.insert(name).inserted {
                let started = try instant(row, "Started On", zone: "Started On Time Zone")
                let startedOn = started.map { String($0.0.iso8601(utcOffset: $0.1).prefix(10)) }
                let medication = MedicationDefined(name: name, startedOn: startedOn, frequency: columns.cell(row, "Frequency"),
                                                   defaultDosage: try dosage(row, "Normal Dosage"), notes: columns.cell(row, "Notes"))
                let source = source(row, "Definition Source")
                summary.count(type: "medication.defined", source: source.name)
                // The definition's content is in its id: a changed definition is a new version, stored after (and over) the old.
                events.append(Event(medication, id: identity.id("introspective.medication", [name, JSONWriter.string(medication.document)]), start: started?.0 ?? taken,
                                    utcOffset: started?.1 ?? offset, zone: started?.2 ?? zone, source: source))
            }
            let source = source(row, "Instance Source")
            summary.count(type: "dose.taken", source: source.name)
            let dose = DoseTaken(medication: name, dosage: try dosage(row, "Dosage"))
            events.append(Event(dose, id: identity.id("introspective.dose", [name, String(taken.micros), JSONWriter.string(dose.document)]),
                                start: taken, utcOffset: offset, zone: zone, source: source))
        }
        return events
    }

    /// `50 mg` as Introspective writes a dosage; nil when blank.
    func dosage(_ row: CSVTable.Row, _ column: String) throws(ImportError) -> Dosage? {
        guard let text = columns.cell(row, column) else { return nil }
        do { return try Dosage.parse(text) } catch {
            throw .malformed(file, line: row.line, column: column, "\(error)")
        }
    }
}
