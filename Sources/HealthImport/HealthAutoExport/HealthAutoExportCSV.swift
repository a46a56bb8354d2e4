import Foundation
import LedgerCore

/// Health Auto Export's CSV export read as the JSON export it stands for, so that both are
/// checked, mapped and stored alike.
///
/// Metrics: `Date/Time` then one column per metric and part, `Step Count (count)`,
/// `Heart Rate [Min] (count/min)`, `Blood Pressure [Systolic] (mmHg)`, `Sleep Analysis [Asleep] (hr)`
/// (one file per metric, or all in one), and optionally `Source`. Workouts: `Workout Type`,
/// `Start`, `End`, `Duration`, then a column per figure (`Active Energy (kcal)`, `Distance (mi)`…).
/// Its times carry no offset: they are read in `clock`'s zone, the zone the phone was in.
struct HealthAutoExportCSV {
    let path: String
    let clock: LocalClock

    /// `data.metrics` and `data.workouts` as the JSON export holds them.
    func lists(parsing text: String) throws(ImportError) -> (metrics: [DocValue], workouts: [DocValue]) {
        let table = try CSVTable(parsing: text, file: path)
        guard let header = table.rows.first?.cells.map({ $0.trimmingCharacters(in: .whitespaces) }) else {
            throw .malformed(path, "an empty file: Health Auto Export writes a header row first")
        }
        let rows = table.rows.dropFirst()
        switch header.first {
        case "Date/Time", "Date": return (try metrics(header, rows), [])
        case "Workout Type": return ([], try workouts(header, rows))
        default:
            throw .malformed(path, line: 1, column: header.first ?? "",
                             "not a Health Auto Export CSV: its first column is Date/Time (metrics) or Workout Type (workouts)")
        }
    }

    // MARK: Metrics

    /// One metric's columns: the field each fills in a point (`qty`, `Min`, `systolic`, `asleep`).
    private struct MetricColumns {
        var name: String
        var units: String
        var fields: [(column: Int, field: String)] = []
    }

    private func metrics(_ header: [String], _ rows: ArraySlice<CSVTable.Row>) throws(ImportError) -> [DocValue] {
        var order: [String] = []
        var byName: [String: MetricColumns] = [:]
        var textFields: [(column: Int, field: String)] = []
        for (index, title) in header.enumerated().dropFirst() where !title.isEmpty {
            if let field = Self.textColumns[title] {
                textFields.append((index, field))
                continue
            }
            guard let (label, part, units) = Self.split(title) else {
                throw .malformed(path, line: 1, column: title, "not a metric column as Health Auto Export writes them, Name (unit) or Name [Part] (unit)")
            }
            let name = Self.metricName(label)
            let field: String
            if let part {
                guard let known = Self.parts[name]?[part] else {
                    throw .malformed(path, line: 1, column: title, "[\(part)] is not a part Health Auto Export writes for \(label)")
                }
                field = known
            } else {
                field = "qty"
            }
            if let earlier = byName[name], earlier.units != units {
                throw .malformed(path, line: 1, column: title, "\(label) in \(units) beside \(earlier.units) in another column")
            }
            if byName[name] == nil { order.append(name) }
            byName[name, default: MetricColumns(name: name, units: units)].fields.append((index, field))
        }
        var points: [String: [DocValue]] = [:]
        for row in rows {
            let date = try date(row, column: 0, title: header[0])
            var text: [(String, DocValue)] = []
            for (column, field) in textFields where column < row.cells.count && !row.cells[column].isEmpty {
                text.append((field, .string(row.cells[column])))
            }
            for name in order {
                var point: Document = ["date": .string(date)]
                var filled = false
                for (column, field) in byName[name]?.fields ?? [] {
                    guard column < row.cells.count else { continue }
                    let cell = row.cells[column].trimmingCharacters(in: .whitespaces)
                    guard !cell.isEmpty else { continue }
                    guard let number = Double(cell), number.isFinite else {
                        throw .malformed(path, line: row.line, column: header[column], "'\(cell.prefix(40))' is not a number")
                    }
                    point[field] = .double(number)
                    filled = true
                }
                guard filled else { continue }
                for (field, value) in text { point[field] = value }
                points[name, default: []].append(.map(point))
            }
        }
        return order.compactMap { name in
            byName[name].map { .map(["name": .string(name), "units": .string($0.units), "data": .array(points[name] ?? [])]) }
        }
    }

    /// Text columns a metrics file may carry beside its numbers, and the field each fills.
    private static let textColumns = ["Source": "source", "Context": "context"]

    /// The parts of a metric's columns and the JSON field each is (`Heart Rate [Min]` → `Min`).
    private static let parts: [String: [String: String]] = [
        "heart_rate": ["Min": "Min", "Max": "Max", "Avg": "Avg"],
        "blood_pressure": ["Systolic": "systolic", "Diastolic": "diastolic"],
        "sleep_analysis": ["Asleep": "asleep", "In Bed": "inBed", "Core": "core", "Deep": "deep", "REM": "rem", "Awake": "awake"],
    ]

    /// `Name [Part] (unit)` → its three pieces; nil for a column that is not so written.
    static func split(_ title: String) -> (label: String, part: String?, units: String)? {
        guard title.hasSuffix(")"), let open = title.lastIndex(of: "(") else { return nil }
        let units = String(title[title.index(after: open)..<title.index(before: title.endIndex)]).trimmingCharacters(in: .whitespaces)
        var label = String(title[..<open]).trimmingCharacters(in: .whitespaces)
        var part: String?
        if label.hasSuffix("]"), let bracket = label.lastIndex(of: "[") {
            part = String(label[label.index(after: bracket)..<label.index(before: label.endIndex)]).trimmingCharacters(in: .whitespaces)
            label = String(label[..<bracket]).trimmingCharacters(in: .whitespaces)
        }
        guard !units.isEmpty, !label.isEmpty else { return nil }
        return (label, part, units)
    }

    /// The JSON export's name of a metric its CSV calls `label`: `Walking + Running Distance` → `walking_running_distance`.
    static func metricName(_ label: String) -> String {
        label.lowercased().split { !($0.isLetter || $0.isNumber) }.joined(separator: "_")
    }

    // MARK: Workouts

    private func workouts(_ header: [String], _ rows: ArraySlice<CSVTable.Row>) throws(ImportError) -> [DocValue] {
        for required in ["Start", "End"] where !header.contains(required) {
            throw .malformed(path, line: 1, column: required, "a workouts file without its \(required) column")
        }
        var workouts: [DocValue] = []
        for row in rows {
            var workout: Document = [:]
            for (column, title) in header.enumerated() where !title.isEmpty && column < row.cells.count {
                let cell = row.cells[column].trimmingCharacters(in: .whitespaces)
                guard !cell.isEmpty else { continue }
                switch title {
                case "Workout Type": workout["name"] = .string(cell)
                case "Start", "End": workout[title.lowercased()] = .string(try date(row, column: column, title: title))
                case "Duration":
                    guard let seconds = Self.seconds(cell) else {
                        throw .malformed(path, line: row.line, column: title, "'\(cell.prefix(40))' is not a duration like 00:32:10")
                    }
                    workout["duration"] = .double(seconds)
                default:
                    let field = Self.workoutFields[title] ?? title
                    if let (_, _, units) = Self.split(title) {
                        guard let number = Double(cell), number.isFinite else {
                            throw .malformed(path, line: row.line, column: title, "'\(cell.prefix(40))' is not a number")
                        }
                        workout[field] = .map(["qty": .double(number), "units": .string(units)])
                    } else {
                        workout[field] = .string(cell)
                    }
                }
            }
            workouts.append(.map(workout))
        }
        return workouts
    }

    /// Columns of the workouts file that the JSON export names otherwise.
    private static let workoutFields = [
        "Active Energy (kcal)": "activeEnergyBurned", "Active Energy (kJ)": "activeEnergyBurned",
        "Distance (mi)": "distance", "Distance (km)": "distance", "Distance (m)": "distance",
        "Avg. Heart Rate (count/min)": "avgHeartRate", "Max. Heart Rate (count/min)": "maxHeartRate",
        "Avg. Heart Rate (bpm)": "avgHeartRate", "Max. Heart Rate (bpm)": "maxHeartRate", "Location": "location",
    ]

    /// `hh:mm:ss` or `mm:ss` → seconds.
    static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: ":").compactMap { Double($0) }
        guard (2...3).contains(parts.count), parts.count == text.split(separator: ":").count, parts.allSatisfy({ $0 >= 0 }) else { return nil }
        return parts.reduce(0.0) { $0 * 60 + $1 }
    }

    // MARK: Time

    /// The row's time with the offset the clock's zone had that day, as the JSON export writes
    /// it (`2024-03-10 08:00:00 +0100`); one written with its offset keeps it.
    private func date(_ row: CSVTable.Row, column: Int, title: String) throws(ImportError) -> String {
        let cell = column < row.cells.count ? row.cells[column].trimmingCharacters(in: .whitespaces) : ""
        guard let day = ISO8601.days(String(cell.prefix(10))) else {
            throw .malformed(path, line: row.line, column: title, "'\(cell.prefix(40))' is not a date and time like 2024-03-10 08:00:00")
        }
        let time = cell.dropFirst(10).trimmingCharacters(in: .whitespaces)
        if time.contains("+") || time.contains("-") || time.hasSuffix("Z") { return cell }
        let clock = time.isEmpty ? "00:00:00" : time.split(separator: ":").count == 2 ? time + ":00" : time
        let offset = self.clock.utcOffset(day: day)
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(Int(offset)) / 60
        return "\(cell.prefix(10)) \(clock) \(sign)\(String(format: "%02d%02d", minutes / 60, minutes % 60))"
    }
}
