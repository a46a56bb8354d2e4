/// A route is stored as equal-length columns rather than one object per point: routes run to
/// thousands of points, and field names on every point would dominate the record.
///
/// `t`, `lat` and `lon` are always there. `alt`, `speed`, `course`, `hAcc` and `vAcc` are left out
/// when no point has that value and hold `null` for a point without one, so routes written before
/// these columns existed (always with `alt`, never with the others) read and encode unchanged.
extension RoutePoint {
    static func encodeRoute(_ points: [RoutePoint]) -> Document {
        var document = Document()
        document.setDoubles("t", points.map(\.offset))
        document.setDoubles("lat", points.map(\.latitude))
        document.setDoubles("lon", points.map(\.longitude))
        document.set("alt", optionalColumn(points.map(\.altitude)))
        document.set("speed", optionalColumn(points.map(\.speed)))
        document.set("course", optionalColumn(points.map(\.course)))
        document.set("hAcc", optionalColumn(points.map(\.horizontalAccuracy)))
        document.set("vAcc", optionalColumn(points.map(\.verticalAccuracy)))
        return document
    }

    static func decodeRoute(_ document: Document) throws(ValidationError) -> [RoutePoint] {
        let offsets = try document.doubles("t")
        let latitudes = try document.doubles("lat")
        let longitudes = try document.doubles("lon")
        for (name, column) in [("lat", latitudes), ("lon", longitudes)] where column.count != offsets.count {
            throw ValidationError(field: name, value: "\(column.count) values", reason: "must have as many values as t (\(offsets.count))")
        }
        let altitudes = try optionalColumn(document, "alt", count: offsets.count)
        let speeds = try optionalColumn(document, "speed", count: offsets.count)
        let courses = try optionalColumn(document, "course", count: offsets.count)
        let horizontalAccuracies = try optionalColumn(document, "hAcc", count: offsets.count)
        let verticalAccuracies = try optionalColumn(document, "vAcc", count: offsets.count)
        var points: [RoutePoint] = []
        points.reserveCapacity(offsets.count)
        for index in offsets.indices {
            var point = RoutePoint(
                latitude: try Rule.within(latitudes[index], -90...90, "lat[\(index)]"),
                longitude: try Rule.within(longitudes[index], -180...180, "lon[\(index)]"),
                altitude: altitudes[index], offset: offsets[index])
            point.speed = try Rule.nonNegativeIfPresent(speeds[index], "speed[\(index)]")
            if let course = courses[index] { point.course = try Rule.within(course, 0...360, "course[\(index)]") }
            point.horizontalAccuracy = try Rule.nonNegativeIfPresent(horizontalAccuracies[index], "hAcc[\(index)]")
            point.verticalAccuracy = try Rule.nonNegativeIfPresent(verticalAccuracies[index], "vAcc[\(index)]")
            points.append(point)
        }
        return points
    }

    private static func optionalColumn(_ values: [Double?]) -> DocValue? {
        guard values.contains(where: { $0 != nil }) else { return nil }
        return .array(values.map { $0.map(DocValue.double) ?? .null })
    }

    private static func optionalColumn(_ document: Document, _ name: String, count: Int) throws(ValidationError) -> [Double?] {
        guard let value = document[name], value != .null else { return Array(repeating: nil, count: count) }
        guard case .array(let items) = value else {
            throw ValidationError(field: name, value: describe(value), reason: "must be a list of numbers and nulls")
        }
        guard items.count == count else {
            throw ValidationError(field: name, value: "\(items.count) values", reason: "must have as many values as t (\(count))")
        }
        var column: [Double?] = []
        column.reserveCapacity(count)
        for (index, item) in items.enumerated() {
            column.append(item == .null ? nil : try Document.asDouble(item, field: "\(name)[\(index)]"))
        }
        return column
    }
}
