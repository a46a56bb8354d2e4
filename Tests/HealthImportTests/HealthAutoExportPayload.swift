import Foundation
import LedgerCore

/// Health Auto Export JSON (version 2) written the way the app writes it, for tests.
struct HealthAutoExportPayload {
    struct Point {
        var metric: String
        var units: String
        /// `2024-03-10 08:00:00 +0800`.
        var date: String
        var fields: [(String, DocValue)]
    }

    var points: [Point] = []
    var extraMetrics: [Document] = []
    var workouts: [Document] = []
    /// Other arrays of `data` (`symptoms`, `stateOfMind`…), in this order after the metrics and workouts.
    var arrays: [(String, [Document])] = []

    mutating func add(_ metric: String, _ units: String, _ date: String, qty: Double) {
        points.append(Point(metric: metric, units: units, date: date, fields: [("qty", .double(qty))]))
    }

    mutating func add(_ metric: String, _ units: String, _ date: String, _ fields: [(String, DocValue)]) {
        points.append(Point(metric: metric, units: units, date: date, fields: fields))
    }

    /// Metrics in order of first appearance, each with its points in order.
    var json: String {
        var order: [String] = []
        var byMetric: [String: (units: String, data: [DocValue])] = [:]
        for point in points {
            if byMetric[point.metric] == nil { order.append(point.metric); byMetric[point.metric] = (point.units, []) }
            var document: Document = ["date": .string(point.date)]
            for (name, value) in point.fields { document[name] = value }
            byMetric[point.metric]!.data.append(.map(document))
        }
        var metrics: [DocValue] = order.map { name in
            .map(["name": .string(name), "units": .string(byMetric[name]!.units), "data": .array(byMetric[name]!.data)])
        }
        metrics += extraMetrics.map(DocValue.map)
        var data: Document = ["metrics": .array(metrics)]
        if !workouts.isEmpty { data["workouts"] = .array(workouts.map(DocValue.map)) }
        for (name, items) in arrays { data[name] = .array(items.map(DocValue.map)) }
        return JSONWriter.string(["data": .map(data)] as Document)
    }

    /// Writes the JSON into `directory` as `name`, returning the path.
    func write(to directory: String, name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + name
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
