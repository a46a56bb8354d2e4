import Foundation
import LedgerCore

/// One Health Auto Export JSON file (export format version 2) and the events it holds.
///
/// `{"data": {"metrics": [{"name", "units", "data": [points]}], "workouts": [...]}}`. Every
/// point is a bucket the app aggregated (a minute's heart rate, an hour's steps, a night's
/// sleep); it is stored as it came, at the offset its `date` was written with (where it was
/// lived), and daily metrics count it only where no sample covers its series that day.
/// A metric the table does not map, a unit HealthKit does not spell, and each entry of an
/// array of `data` this version does not read are kept whole as `exportElement.recorded` and
/// named in the summary's notes.
struct HealthAutoExportFile {
    let path: String
    let identity: ImportIdentity
    /// The zone a CSV file's times (written without an offset) are read in; JSON carries its offsets.
    var clock = LocalClock(zone: .current)

    /// Bounds for a file a phone or a synced folder delivered: a week of a heavy Watch
    /// wearer's minute buckets is a few megabytes.
    static let maximumBytes = 64 << 20
    static let maximumPoints = 2_000_000
    static let idNamespace = "healthautoexport"
    static let metricKey = SameRecord.healthAutoExportMetricKey
    static let pointSourceKey = SameRecord.healthAutoExportSourceKey

    var source: Source { .healthAutoExport }

    /// The events of the file's text, counting what it reads in `summary`.
    func events(parsing text: String, summary: inout ImportSummary) throws -> [Event] {
        var events: [Event] = []
        try forEachSlice(parsing: text, size: .max, summary: &summary) { events += $0 }
        return events
    }

    /// The events of the text handed to `body` about `size` at a time, in the file's order, so
    /// that a caller can store each slice's bytes and drop its events before the next is made.
    /// A bad field anywhere throws, whatever slices went before.
    func forEachSlice(parsing text: String, size: Int, summary: inout ImportSummary, _ body: ([Event]) throws -> Void) throws {
        var (metrics, workouts, entries, notLists, unreadCSV) = try lists(parsing: text)
        for name in notLists { summary.note("data.\(name): \(Self.notAList)") }
        var events: [Event] = []
        var points = 0
        // Each metric, and each point of it, is let go once made into events: the parsed
        // document of a week weighs more than the events of a slice (docs/performance.md).
        for index in metrics.indices {
            let field = "data.metrics[\(index)]"
            var value = DocValue.null
            swap(&value, &metrics[index])
            guard case .map(var metric) = value else { throw ImportError.malformed(path, column: field, "is not an object") }
            value = .null
            var items = try array(metric["data"], field: field + ".data")
            metric["data"] = nil
            points += items.count
            guard points <= Self.maximumPoints else {
                throw ImportError.malformed(path, column: field + ".data", "more than \(Self.maximumPoints) points in one file; export a shorter window")
            }
            // Sliced inside a metric too: one metric (heart rate every 5 s) can be most of a week.
            var next = items.startIndex
            repeat {
                let room = max(size - events.count, 1)
                let end = items.endIndex - next <= room ? items.endIndex : next + room
                events += try self.events(of: metric, items: items[next..<end], field: field, summary: &summary)
                for point in next..<end { items[point] = .null }
                next = end
                if events.count >= size {
                    try body(events)
                    events = []
                }
            } while next < items.endIndex
        }
        for (index, value) in workouts.enumerated() {
            events.append(try workout(value, field: "data.workouts[\(index)]", summary: &summary))
            if events.count >= size {
                try body(events)
                events = []
            }
        }
        for (array, items) in entries {
            points += items.count
            guard points <= Self.maximumPoints else {
                throw ImportError.malformed(path, column: "data." + array, "more than \(Self.maximumPoints) points and entries in one file; export a shorter window")
            }
            for (index, value) in items.enumerated() {
                let field = "data.\(array)[\(index)]"
                guard let event = try Self.entryArrays.contains(array) ? entry(value, of: array, field: field, summary: &summary)
                    : unreadEntry(value, of: array, field: field, summary: &summary) else { continue }
                events.append(event)
                if events.count >= size {
                    try body(events)
                    events = []
                }
            }
        }
        if let unreadCSV {
            for event in try unreadRows(unreadCSV, summary: &summary) {
                events.append(event)
                if events.count >= size {
                    try body(events)
                    events = []
                }
            }
        }
        if !events.isEmpty { try body(events) }
    }

    private func events(of metric: Document, items: ArraySlice<DocValue>, field: String, summary: inout ImportSummary) throws(ImportError) -> [Event] {
        guard case .string(let name)? = metric["name"], !name.isEmpty else {
            throw .malformed(path, column: field + ".name", "the metric has no name")
        }
        var unitText: String?
        if case .string(let text)? = metric["units"] { unitText = text }
        var events: [Event] = []
        let mapped = HealthAutoExportMetric(name: name)
        let unit = unitText.flatMap(Self.unit)
        for (index, item) in zip(items.indices, items) {
            let pointField = "\(field).data[\(index)]"
            guard case .map(let point) = item else { throw .malformed(path, column: pointField, "is not an object") }
            switch mapped {
            case .quantity(let type)?:
                guard let unit else {
                    events.append(try kept(point, name: name, units: unitText, field: pointField, summary: &summary,
                                           why: "unit '\(unitText ?? "")' of \(name) is not a HealthKit unit"))
                    continue
                }
                events.append(try quantity(point, name: name, type: type, unit: unit, field: pointField))
            // Without units the app means its default, the one HealthKit uses too.
            case .heartRate? where unitText == nil || unit != nil:
                // Cannot fail: a symbol HealthUnit.all holds
                events.append(try heartRate(point, name: name, unit: unit ?? HealthUnit.named("count/min")!, field: pointField))
            case .bloodPressure? where unitText == nil || unit != nil:
                // Cannot fail: a symbol HealthUnit.all holds
                events += try bloodPressure(point, name: name, unit: unit ?? HealthUnit.named("mmHg")!, field: pointField)
            case .heartRate?, .bloodPressure?:
                events.append(try kept(point, name: name, units: unitText, field: pointField, summary: &summary,
                                       why: "unit '\(unitText ?? "")' of \(name) is not a HealthKit unit"))
            case .sleep?:
                events += try sleep(point, name: name, field: pointField, summary: &summary)
            case .sexualActivity?:
                events += try sexualActivity(point, name: name, units: unitText, field: pointField, summary: &summary)
            case nil:
                events.append(try kept(point, name: name, units: unitText, field: pointField, summary: &summary,
                                       why: "metric \(name) is not in the HealthKit table"))
            }
        }
        return events
    }

    /// A HealthKit unit for the app's spelling (`bpm`, `steps`, `mL/(kg·min)`).
    static func unit(_ text: String) -> HealthUnit? {
        let spelled = spellings[text] ?? text.replacingOccurrences(of: "·", with: "*")
        return HealthUnit.parse(spelled) ?? HealthUnit.named(spelled.lowercased())
    }

    /// The app's units HealthKit spells otherwise (a workout's speeds and cadences).
    private static let spellings = ["steps": "count", "mph": "mi/hr", "kmph": "km/hr", "spm": "count/min", "rpm": "count/min"]

    // MARK: Points

    private func quantity(_ point: Document, name: String, type: String, unit: HealthUnit, field: String) throws(ImportError) -> Event {
        let (start, offset) = try date(point, "date", field: field)
        let value = try number(point, "qty", field: field)
        let payload = SampleRecorded(type: type, value: Self.stored(value, unit), unit: unit.symbol, metadata: metadata(name, point))
        return Event(payload, id: id(name, "", start, point), start: start, end: start, utcOffset: offset, source: source)
    }

    /// Health stores percentages as fractions; the app writes them × 100.
    static func stored(_ value: Double, _ unit: HealthUnit) -> Double { unit.symbol == "%" ? value / 100 : value }

    private func heartRate(_ point: Document, name: String, unit: HealthUnit, field: String) throws(ImportError) -> Event {
        let (start, offset) = try date(point, "date", field: field)
        var tags = metadata(name, point)
        let value: Double
        if point["Avg"] != nil {
            value = try number(point, "Avg", field: field)
            // The bucket's average is its value; the extremes stay with it.
            for (statistic, key) in [("Min", BucketExtremes.minimumKey), ("Max", BucketExtremes.maximumKey)] where point[statistic] != nil {
                tags[key] = String(try number(point, statistic, field: field))
            }
            if let low = tags[BucketExtremes.minimumKey].flatMap(Double.init), let high = tags[BucketExtremes.maximumKey].flatMap(Double.init), low > high {
                throw .malformed(path, column: field + ".Min", "\(low) is above Max \(high)")
            }
        } else {
            value = try number(point, "qty", field: field)
        }
        let payload = SampleRecorded(type: HealthAutoExportMetric.heartRateType, value: value, unit: unit.symbol, metadata: tags)
        return Event(payload, id: id(name, "", start, point), start: start, end: start, utcOffset: offset, source: source)
    }

    private func bloodPressure(_ point: Document, name: String, unit: HealthUnit, field: String) throws(ImportError) -> [Event] {
        let (start, offset) = try date(point, "date", field: field)
        var events: [Event] = []
        for (part, type) in [("systolic", HealthAutoExportMetric.systolicType), ("diastolic", HealthAutoExportMetric.diastolicType)] {
            let payload = SampleRecorded(type: type, value: try number(point, part, field: field), unit: unit.symbol, metadata: metadata(name, point))
            events.append(Event(payload, id: id(name, part, start, point), start: start, end: start, utcOffset: offset, source: source))
        }
        return events
    }

    private func sleep(_ point: Document, name: String, field: String, summary: inout ImportSummary) throws(ImportError) -> [Event] {
        if point["startDate"] != nil {
            guard case .string(let stage)? = point["value"], let value = HealthAutoExportMetric.sleepStages[stage] else {
                return [try kept(point, name: name, units: "hr", field: field, summary: &summary,
                                 why: "sleep stage '\(point["value"].map(Self.text) ?? "")' is not one HealthKit names")]
            }
            let (start, offset) = try date(point, "startDate", field: field)
            let (end, _) = try date(point, "endDate", field: field)
            guard end >= start else { throw .malformed(path, column: field + ".endDate", "ends before its startDate") }
            let payload = CategoryRecorded(type: "HKCategoryTypeIdentifierSleepAnalysis", value: "HKCategoryValueSleepAnalysis" + value,
                                           metadata: metadata(name, point))
            return [Event(payload, id: id(name, stage, start, point), start: start, end: end, utcOffset: offset, source: source)]
        }
        // A night's totals: each states its daily-metrics column, as a ShareHealth cell does,
        // so samples of the night win over it and two re-sent totals never add.
        let startField = ["sleepStart", "inBedStart", "date"].first { point[$0] != nil } ?? "sleepStart"
        let (start, offset) = try date(point, startField, field: field)
        let endField = ["sleepEnd", "inBedEnd"].first { point[$0] != nil }
        let end = try endField.map { name throws(ImportError) in try date(point, name, field: field).timestamp }
        var events: [Event] = []
        for (total, column) in HealthAutoExportMetric.sleepTotals where point[total] != nil {
            let hours = try number(point, total, field: field)
            guard hours >= 0, hours <= 24 else { throw .malformed(path, column: "\(field).\(total)", "\(hours) is not a number of hours within one night") }
            var tags = metadata(name, point)
            tags[ShareHealthDay.columnKey] = column
            tags[ShareHealthDay.valueKey] = String(hours)
            let payload = CategoryRecorded(type: "HKCategoryTypeIdentifierSleepAnalysis", value: "HKCategoryValueNotApplicable", metadata: tags)
            events.append(Event(payload, id: id(name, total, start, point), start: start, end: end.map { max($0, start) },
                                utcOffset: offset, source: source))
        }
        guard !events.isEmpty else { throw .malformed(path, column: field, "a sleep point with neither startDate nor any total (asleep, inBed, core…)") }
        return events
    }

    // MARK: Fields

    /// The id of a bucket: its metric, part, start and the app's source, never its value,
    /// so a re-sent bucket finds the event it sent before.
    func id(_ name: String, _ part: String, _ start: Timestamp, _ point: Document) -> EventID {
        identity.id(Self.idNamespace, [name, part, String(start.micros), pointSource(point) ?? ""])
    }

    func pointSource(_ point: Document) -> String? {
        for key in ["source", "sleepSource"] { if case .string(let text)? = point[key], !text.isEmpty { return text } }
        return nil
    }

    func metadata(_ name: String, _ point: Document) -> [String: String] {
        var tags = [Self.metricKey: name]
        tags[Self.pointSourceKey] = pointSource(point)
        return tags
    }

    func date(_ point: Document, _ name: String, field: String) throws(ImportError) -> (timestamp: Timestamp, utcOffset: Int32) {
        guard case .string(let text)? = point[name] else {
            throw .malformed(path, column: "\(field).\(name)", "missing or not text: a date like 2024-01-15 07:30:00 +0100 was expected")
        }
        let parsed: (timestamp: Timestamp, utcOffset: Int32)
        do {
            parsed = try ISO8601.parse(text, localOffset: 0)
        } catch {
            throw .malformed(path, column: "\(field).\(name)", "'\(text.prefix(40))' \(error.reason)")
        }
        // The time after the date must carry its offset: without it the zone it was lived in is lost.
        let time = text.dropFirst(10)
        guard time.contains("+") || time.contains("-") || time.hasSuffix("Z") else {
            throw .malformed(path, column: "\(field).\(name)", "'\(text.prefix(40))' has no UTC offset; the app writes one (+0100)")
        }
        return parsed
    }

    func number(_ point: Document, _ name: String, field: String) throws(ImportError) -> Double {
        let value: Double
        switch point[name] {
        case .int(let number)?: value = Double(number)
        case .double(let number)?: value = number
        default: throw .malformed(path, column: "\(field).\(name)", "missing or not a number")
        }
        guard value.isFinite else { throw .malformed(path, column: "\(field).\(name)", "is not a finite number") }
        return value
    }

    func array(_ value: DocValue?, field: String) throws(ImportError) -> [DocValue] {
        switch value {
        case nil, .null?: return []
        case .array(let items)?: return items
        default: throw .malformed(path, column: field, "is not a list")
        }
    }

    /// A scalar as text, for kept attributes and messages.
    static func text(_ value: DocValue) -> String {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): String(flag)
        default: ""
        }
    }
}
