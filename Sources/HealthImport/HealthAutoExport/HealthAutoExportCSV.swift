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
/// A file of another layout (the app's routes, `Timestamp,Latitude,Longitude,…`) is handed back
/// as its rows, which `HealthAutoExportFile` keeps whole.
struct HealthAutoExportCSV {
    let path: String
    let clock: LocalClock

    /// `data.metrics` and `data.workouts` as the JSON export holds them, or, for a file whose
    /// header is not a layout this version reads, its rows as they are, to be kept whole.
    func lists(parsing text: String) throws(ImportError) -> (metrics: [DocValue], workouts: [DocValue], unread: UnreadLayout?) {
        let table = try CSVTable(parsing: text, file: path)
        guard let header = table.rows.first?.cells.map({ $0.trimmingCharacters(in: .whitespaces) }) else {
            throw .malformed(path, "an empty file: Health Auto Export writes a header row first")
        }
        let rows = table.rows.dropFirst()
        switch try layout(of: header) {
        case .metrics(let columns): return (try metrics(header, columns, rows), [], nil)
        case .workouts: return ([], try workouts(header, rows), nil)
        case .unread(let reason): return ([], [], UnreadLayout(reason: reason, header: header, rows: rows))
        }
    }

    // MARK: Layouts

    /// A file whose header is not a layout this version reads (the app's per-workout and route
    /// files, whose layouts no public source documents): why not, and what it holds.
    struct UnreadLayout {
        let reason: String
        let header: [String]
        let rows: ArraySlice<CSVTable.Row>
    }

    /// What a CSV file is, by its header.
    enum Layout {
        case metrics(MetricLayout)
        case workouts
        case unread(reason: String)
    }

    /// The columns of a metrics file: each metric's, in the order first written, and the text ones.
    struct MetricLayout {
        var order: [String] = []
        var byName: [String: MetricColumns] = [:]
        var textFields: [(column: Int, field: String)] = []
    }

    /// What the header says the file is. Only a header that contradicts itself (one metric in
    /// two units) is refused: any other this version cannot read is a layout it does not know,
    /// which the app may write, and is kept whole rather than stop a synced folder's imports.
    func layout(of header: [String]) throws(ImportError) -> Layout {
        switch header.first {
        case "Date/Time", "Date": break
        case "Workout Type":
            for required in ["Start", "End"] where !header.contains(required) {
                return .unread(reason: "a Workout Type file without a \(required) column")
            }
            return .workouts
        default:
            return .unread(reason: "first column '\(header.first ?? "")', neither Date/Time (metrics) nor Workout Type (workouts)")
        }
        var layout = MetricLayout()
        for (index, title) in header.enumerated().dropFirst() where !title.isEmpty {
            if let field = Self.textColumns[title] {
                layout.textFields.append((index, field))
                continue
            }
            guard let (label, part, units) = Self.split(title) else {
                return .unread(reason: "column '\(title)', not Name (unit) or Name [Part] (unit)")
            }
            let name = Self.metricName(label)
            let field: String
            if let part {
                guard let known = Self.parts[name]?[part] else {
                    return .unread(reason: "column '\(title)': [\(part)] is not a part this version reads for \(label)")
                }
                field = known
            } else {
                field = "qty"
            }
            if let earlier = layout.byName[name], earlier.units != units {
                throw .malformed(path, line: 1, column: title, "\(label) in \(units) beside \(earlier.units) in another column")
            }
            if layout.byName[name] == nil { layout.order.append(name) }
            layout.byName[name, default: MetricColumns(name: name, units: units)].fields.append((index, field))
        }
        return .metrics(layout)
    }

    // MARK: Metrics

    /// One metric's columns: the field each fills in a point (`qty`, `Min`, `systolic`, `asleep`).
    struct MetricColumns {
        var name: String
        var units: String
        var fields: [(column: Int, field: String)] = []
    }

    private func metrics(_ header: [String], _ layout: MetricLayout, _ rows: ArraySlice<CSVTable.Row>) throws(ImportError) -> [DocValue] {
        let (order, byName, textFields) = (layout.order, layout.byName, layout.textFields)
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
        guard let text = dateText(cell) else {
            throw .malformed(path, line: row.line, column: title, "'\(cell.prefix(40))' is not a date and time like 2024-03-10 08:00:00")
        }
        return text
    }

    /// A cell's time with its offset, or nil for a cell that does not start with a day.
    func dateText(_ cell: String) -> String? {
        guard let day = ISO8601.days(String(cell.prefix(10))) else { return nil }
        var time = cell.dropFirst(10).trimmingCharacters(in: .whitespaces)
        if time.hasPrefix("T") { time.removeFirst() }
        if time.contains("+") || time.contains("-") || time.hasSuffix("Z") { return cell }
        let clock = time.isEmpty ? "00:00:00" : time.split(separator: ":").count == 2 ? time + ":00" : time
        let offset = self.clock.utcOffset(day: day)
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(Int(offset)) / 60
        return "\(cell.prefix(10)) \(clock) \(sign)\(String(format: "%02d%02d", minutes / 60, minutes % 60))"
    }

    /// The row's time, from its first cell that reads as a date and time as `date` reads one,
    /// and that cell's column: the time a row of an unread layout is kept at.
    func firstTime(in row: CSVTable.Row) -> (timestamp: Timestamp, utcOffset: Int32, column: Int)? {
        for (column, cell) in row.cells.enumerated() {
            let trimmed = cell.trimmingCharacters(in: .whitespaces)
            guard let text = dateText(trimmed), let (timestamp, offset) = try? ISO8601.parse(text, localOffset: 0) else { continue }
            return (timestamp, offset, column)
        }
        return nil
    }
}
