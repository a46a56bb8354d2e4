import LedgerCore

extension QueryIndexState {
    /// Adds a correlation's members (a blood-pressure reading's systolic and diastolic) to
    /// their types' series, so that `query blood_pressure_systolic` finds what the daily
    /// metrics count. Health exports each member as a Record of its own too, stored before
    /// the correlation: a member with such a twin (same type, time and value) is not added twice.
    /// `dropCorrelationTwin` handles the twin that comes after.
    func addMembers(of event: Event) throws {
        for member in try IndexedRow.members(of: event) {
            let partition = SeriesMonth(series: member.series, start: member.start, utcOffset: member.utcOffset)
            let value = member.numbers.first { $0.name == "value" }?.value
            let table = try table(partition)
            let values = table.numbers["value"]
            let twin = (0..<table.count).contains { index in
                table.starts[index] == member.start && values?[index] == value && table.text("correlation", at: index) == nil
            }
            guard !twin else { continue }
            seriesHoldingMembers = nil
            note(member, month: partition.month)
            try update(partition) { $0.append(member) }
        }
    }

    /// A raw sample stored after the correlation that holds it (the opposite of Health's
    /// order) takes the member's place, so the reading is one row whichever came first.
    /// Only series that have ever held a member are searched: the rest import at full speed.
    func dropCorrelationTwin(of row: IndexedRow, in partition: SeriesMonth) throws {
        if seriesHoldingMembers?.series != row.series {
            seriesHoldingMembers = (row.series, directory.entries[row.series]?.holds(text: "correlation") == true)
        }
        guard seriesHoldingMembers?.holds == true, let value = row.numbers.first(where: { $0.name == "value" })?.value else { return }
        let table = try table(partition)
        let values = table.numbers["value"]
        guard let member = (0..<table.count).first(where: { index in
            table.starts[index] == row.start && values?[index] == value && table.text("correlation", at: index) != nil
        }) else { return }
        try update(partition) { $0.remove(at: member) }
    }
}

extension IndexedRow {
    /// One row per member of a correlation event, in the member's type's series, with the
    /// correlation's type beside its value; ids follow from the correlation's.
    static func members(of event: Event) throws -> [IndexedRow] {
        let correlation = try event.decode(CorrelationRecorded.self)
        let (high, low) = event.id.words
        let start = event.start.micros
        return correlation.samples.enumerated().map { index, sample in
            IndexedRow(
                series: sample.type, start: start, end: max(start, event.end?.micros ?? start), utcOffset: event.utcOffset,
                idHigh: high, idLow: low &+ UInt64(index + 1), numbers: [("value", sample.value)],
                texts: [("source", event.source.name), ("unit", sample.unit), ("correlation", correlation.type)])
        }
    }
}
