/// A GPS fix on a workout's route.
public struct RoutePoint: Hashable, Sendable {
    /// Degrees, −90…90.
    public var latitude: Double
    /// Degrees, −180…180.
    public var longitude: Double
    /// Metres above sea level.
    public var altitude: Double
    /// Seconds from the workout's start.
    public var offset: Double

    public init(latitude: Double, longitude: Double, altitude: Double, offset: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.offset = offset
    }

    /// A route is stored as four equal-length columns (`t`, `lat`, `lon`, `alt`): routes run to
    /// thousands of points, and field names on every point would dominate the record.
    static func encodeRoute(_ points: [RoutePoint]) -> Document {
        var document = Document()
        document.setDoubles("t", points.map(\.offset))
        document.setDoubles("lat", points.map(\.latitude))
        document.setDoubles("lon", points.map(\.longitude))
        document.setDoubles("alt", points.map(\.altitude))
        return document
    }

    static func decodeRoute(_ document: Document) throws(ValidationError) -> [RoutePoint] {
        let offsets = try document.doubles("t")
        let latitudes = try document.doubles("lat")
        let longitudes = try document.doubles("lon")
        let altitudes = try document.doubles("alt")
        for (name, column) in [("lat", latitudes), ("lon", longitudes), ("alt", altitudes)] where column.count != offsets.count {
            throw ValidationError(field: name, value: "\(column.count) values", reason: "must have as many values as t (\(offsets.count))")
        }
        for index in offsets.indices {
            _ = try Rule.within(latitudes[index], -90...90, "lat[\(index)]")
            _ = try Rule.within(longitudes[index], -180...180, "lon[\(index)]")
        }
        return offsets.indices.map {
            RoutePoint(latitude: latitudes[$0], longitude: longitudes[$0], altitude: altitudes[$0], offset: offsets[$0])
        }
    }
}
