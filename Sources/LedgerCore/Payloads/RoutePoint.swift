/// A GPS fix on a workout's route.
public struct RoutePoint: Hashable, Sendable {
    /// Degrees, −90…90.
    public var latitude: Double
    /// Degrees, −180…180.
    public var longitude: Double
    /// Metres above sea level; some routes carry no elevation.
    public var altitude: Double?
    /// Seconds from the workout's start.
    public var offset: Double
    /// Metres per second over ground.
    public var speed: Double?
    /// Direction of travel in degrees clockwise from true north, 0…360.
    public var course: Double?
    /// Metres: the radius the true position lies within, as the device estimated it.
    public var horizontalAccuracy: Double?
    /// Metres: how far off the altitude may be.
    public var verticalAccuracy: Double?

    public init(
        latitude: Double, longitude: Double, altitude: Double? = nil, offset: Double, speed: Double? = nil, course: Double? = nil,
        horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.offset = offset
        self.speed = speed
        self.course = course
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
    }
}
