import Foundation
import LedgerCore

/// One day of ShareHealth values — a CSV data row, or a face capture's health snapshot —
/// and the events they become.
///
/// Every value is a day's aggregate, not a reading: a quantity's event spans the local
/// day, a category total or sleep column is an instant at its midnight carrying the number
/// (`ShareHealthValue`). Each carries its column in the metadata key `ShareHealthColumn`
/// (`Heart Rate [Max] (count/min)`), which says which statistic of the day it is; the daily
/// view reads it as that column's summary, which samples of the day override.
struct ShareHealthDay {
    /// Days since 1970-01-01, local.
    let day: Int64
    let utcOffset: Int32
    let source: Source
    /// Where the values came from, for errors and skip examples: the file.
    let file: String
    /// The CSV line, when the values came from a CSV.
    let line: Int?
    /// Recognised columns with a value, in file order.
    private(set) var cells: [(header: ShareHealthHeader, metric: ShareHealthMetric, value: Double)] = []

    static let columnKey = "ShareHealthColumn"
    /// A category column's number as the cell wrote it, in the header's unit: a category
    /// event has no value field of its own for it.
    static let valueKey = "ShareHealthValue"

    var date: String {
        let (year, month, day) = CivilDate.fromDays(day)
        return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    var location: String { line.map { "\(file):\($0)" } ?? file }

    var midnight: Timestamp { LocalClock.instant(day: day, seconds: 0, utcOffset: utcOffset) }

    /// The columns `export daily` adds to ShareHealth's: summaries of the ledger's own events
    /// (a day's mood average is not the moods), which a CSV cannot give back.
    static let ledgerColumns: Set<String> = ["Mood", "Mood Ratings", "Fatigue", "Fatigue Ratings", "Doses Taken", "Symptoms Reported", "Symptom Severity"]
    static let ledgerColumnReason = "the ledger's own column, a summary of events a CSV cannot give back (`export bundle`, then `import bundle`, moves moods, fatigue, doses and symptoms)"

    /// Adds one cell: a blank one is no data; a column ShareHealth does not write is
    /// counted as skipped without reading its text; any other must hold a number.
    mutating func add(_ header: ShareHealthHeader, text: String, summary: inout ImportSummary) throws(ImportError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return }
        guard let metric = ShareHealthMetric(header) else {
            summary.skip(Self.ledgerColumns.contains(header.name) ? "\(Self.ledgerColumnReason): \(header.text)" : "column not recognised: \(header.text)", at: location)
            return
        }
        guard let value = Double(trimmed), value.isFinite else {
            throw .malformed(file, line: line, column: header.text, "'\(trimmed.prefix(40))' is not a number")
        }
        cells.append((header, metric, value))
    }

    /// The events of this day; cells that cannot be stored are counted in `summary` with why.
    func events(identity: ImportIdentity, summary: inout ImportSummary) throws(ImportError) -> [Event] {
        var events: [Event] = []
        var night = SleepNight()
        var rings: [(ActivityRing, Double)] = []
        for (header, metric, value) in cells {
            switch metric {
            case .notStorable(let reason):
                summary.skip("\(header.label): \(reason)", at: location)
            case .quantity(let type):
                if let event = quantity(type, header, value, identity: identity, summary: &summary) { events.append(event) }
            case .category(let type):
                guard try checkedTotal(header, value, summary: &summary) else { continue }
                let payload = CategoryRecorded(type: type, value: "HKCategoryValueNotApplicable", metadata: [
                    Self.columnKey: header.text, Self.valueKey: String(value),
                ])
                let id = identity.id("sharehealth.day", [source.name, date, type, header.text, String(value)])
                events.append(event(payload, id: id, start: midnight, end: nil))
            case .sleep(.clock):
                _ = try clockHours(header, value)
                night.add(.clock, header: header, text: String(value))
            case .sleep(let column):
                guard try checkedTotal(header, value, summary: &summary) else { continue }
                night.add(column, header: header, text: String(value))
            case .ring(let ring):
                guard let converted = convert(value, header, to: ring.unit, summary: &summary) else { continue }
                rings.append((ring, converted))
            }
        }
        events += night.events(of: self, identity: identity, summary: &summary)
        if !rings.isEmpty { events.append(activitySummary(rings, identity: identity)) }
        for event in events { summary.count(type: Self.type(of: event), source: source.name) }
        return events
    }

    func event<P: EventPayload>(_ payload: P, id: EventID, start: Timestamp, end: Timestamp?) -> Event {
        Event(payload, id: id, start: start, end: end, utcOffset: utcOffset, source: source)
    }

    private func quantity(
        _ type: String, _ header: ShareHealthHeader, _ value: Double, identity: ImportIdentity, summary: inout ImportSummary
    ) -> Event? {
        guard let unit = header.unit, HealthUnit.isKnown(unit) else {
            summary.skip("\(header.text): the unit is not a HealthKit unit", at: location)
            return nil
        }
        // Health stores percentages as fractions; ShareHealth writes them × 100.
        let stored = unit == "%" ? value / 100 : value
        let payload = SampleRecorded(type: type, value: stored, unit: unit, metadata: [Self.columnKey: header.text])
        let id = identity.id("sharehealth.day", [source.name, date, type, header.qualifier ?? "", unit, String(stored)])
        return event(payload, id: id, start: midnight, end: midnight.adding(seconds: 86_400))
    }

    /// Whether a day's total can be stored: a count, or a time of at most a day (its unit
    /// must be a time; otherwise skipped). Negative values and times over a day stop the import.
    private func checkedTotal(_ header: ShareHealthHeader, _ value: Double, summary: inout ImportSummary) throws(ImportError) -> Bool {
        if header.unit == "count" {
            guard value >= 0, value == value.rounded() else {
                throw .malformed(file, line: line, column: header.text, "\(value) is not a count (a whole number ≥ 0)")
            }
            return true
        }
        // Cannot fail: a symbol HealthUnit.all holds
        guard let seconds = convert(value, header, to: HealthUnit.named("s")!, summary: &summary) else { return false }
        guard seconds >= 0, seconds <= 86_400 else {
            throw .malformed(file, line: line, column: header.text, "\(value) is not a duration within one day")
        }
        return true
    }

    private func clockHours(_ header: ShareHealthHeader, _ value: Double) throws(ImportError) -> Double {
        guard value >= 0, value < 24 else {
            throw .malformed(file, line: line, column: header.text, "\(value) is not a clock time in decimal hours (0 ≤ h < 24, 22.75 = 22:45)")
        }
        return value
    }

    private func convert(_ value: Double, _ header: ShareHealthHeader, to unit: HealthUnit, summary: inout ImportSummary) -> Double? {
        guard let from = header.unit.flatMap(HealthUnit.named), let converted = from.convert(value, to: unit) else {
            summary.skip("\(header.text): the unit is not a \(unit.dimension)", at: location)
            return nil
        }
        return converted
    }

    private func activitySummary(_ rings: [(ActivityRing, Double)], identity: ImportIdentity) -> Event {
        var payload = ActivitySummaryRecorded(date: date)
        for (ring, value) in rings { payload[keyPath: ring.field] = value }
        let values = ActivityRing.allCases.map { ring in payload[keyPath: ring.field].map { String($0) } ?? "" }
        return event(payload, id: identity.id("sharehealth.day", [source.name, date, "ActivitySummary"] + values), start: midnight, end: nil)
    }

    /// The type a summary counts an event under: its HealthKit identifier, else its kind.
    static func type(of event: Event) -> String {
        if case .string(let type)? = event.payload["type"] { return type }
        return event.kind == .activitySummaryRecorded ? "ActivitySummary" : event.kind.rawValue
    }
}
