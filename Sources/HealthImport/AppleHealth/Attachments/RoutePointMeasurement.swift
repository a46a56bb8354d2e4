import LedgerCore

/// The numbers a GPX track point holds besides its place and time, told apart by their
/// element's bytes, and how each is stored: both route readers keep them the same way.
enum RoutePointMeasurement {
    case elevation, speed, course, horizontalAccuracy, verticalAccuracy

    init?(_ name: UnsafeBufferPointer<UInt8>) {
        if name.elementsEqual("ele") { self = .elevation }
        else if name.elementsEqual("speed") { self = .speed }
        else if name.elementsEqual("course") { self = .course }
        else if name.elementsEqual("hAcc") { self = .horizontalAccuracy }
        else if name.elementsEqual("vAcc") { self = .verticalAccuracy }
        else { return nil }
    }

    /// The element's name, for errors.
    var name: String {
        switch self {
        case .elevation: "ele"
        case .speed: "speed"
        case .course: "course"
        case .horizontalAccuracy: "hAcc"
        case .verticalAccuracy: "vAcc"
        }
    }

    /// Stores `value` in `point`; false for a course beyond 360°, the one value out of range.
    func store(_ value: Double, in point: inout RoutePoint) -> Bool {
        // Core Location writes −1 for a speed, course or accuracy it does not know.
        let known = value < 0 ? nil : value
        switch self {
        case .elevation: point.altitude = value
        case .speed: point.speed = known
        case .course:
            guard known.map({ $0 <= 360 }) ?? true else { return false }
            point.course = known
        case .horizontalAccuracy: point.horizontalAccuracy = known
        case .verticalAccuracy: point.verticalAccuracy = known
        }
        return true
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// `speed` for `gpxtpx:speed`: the namespace prefix varies between writers.
    var localName: UnsafeBufferPointer<UInt8> {
        guard let colon = lastIndex(of: 0x3A) else { return self }
        return UnsafeBufferPointer(rebasing: self[(colon + 1)...])
    }
}
