/// A workout route as Health exports it: GPX 1.1 with Apple's speed, course and accuracy
/// extensions on every track point.
enum RouteGPX {
    /// `route_2023-05-01_8.12am.gpx`, from the workout's local start.
    static func fileName(for workout: PlannedWorkout, zone: Zone) -> String {
        "route_" + localStart(workout, zone: zone, dateTimeSeparator: "_", clockSeparator: ".") + ".gpx"
    }

    static func document(track: RouteTrack, workout: PlannedWorkout, zone: Zone, exportedAt: Int64) -> [UInt8] {
        var text = XMLBytes(capacity: track.points.count * 240 + 600)
        text.append("""
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
          <metadata>
            <time>
        """)
        text.appendUTCDate(exportedAt)
        text.append("</time>\n  </metadata>\n  <trk>\n    <name>Route ")
        text.append(localStart(workout, zone: zone, dateTimeSeparator: " ", clockSeparator: ":"))
        text.append("</name>\n    <trkseg>\n")
        for point in track.points {
            text.append("      <trkpt lon=\"")
            text.append(point.longitude, places: 6, separator: UInt8(ascii: "."), keepsZeros: true)
            text.append("\" lat=\"")
            text.append(point.latitude, places: 6, separator: UInt8(ascii: "."), keepsZeros: true)
            text.append("\"><ele>")
            text.append(point.altitude, places: 6, separator: UInt8(ascii: "."), keepsZeros: true)
            text.append("</ele><time>")
            text.appendUTCDate(Int64(point.instant))
            text.append("</time><extensions><speed>")
            text.append(point.speed, places: 6, separator: UInt8(ascii: "."), keepsZeros: true)
            text.append("</speed><course>")
            text.append(point.course, places: 6, separator: UInt8(ascii: "."), keepsZeros: true)
            text.append("</course><hAcc>")
            text.append(point.horizontalAccuracy, places: 6, separator: UInt8(ascii: "."), keepsZeros: true)
            text.append("</hAcc><vAcc>")
            text.append(point.verticalAccuracy, places: 6, separator: UInt8(ascii: "."), keepsZeros: true)
            text.append("</vAcc></extensions></trkpt>\n")
        }
        text.append("    </trkseg>\n  </trk>\n</gpx>\n")
        return text.bytes
    }

    /// `2023-05-01_8.12am` or `2023-05-01 8:12am`: a 12-hour clock without a leading zero.
    private static func localStart(_ workout: PlannedWorkout, zone: Zone, dateTimeSeparator: String, clockSeparator: String) -> String {
        let local = workout.start + Int64(zone.offset(at: workout.start))
        let days = floorDiv(local, 86400)
        let seconds = Int(local - days * 86400)
        let hour = seconds / 3600
        var text = XMLBytes()
        text.appendCalendarDate(CivilDate(daysSinceEpoch: days))
        text.append(dateTimeSeparator)
        text.append(integer: hour % 12 == 0 ? 12 : hour % 12)
        text.append(clockSeparator)
        text.append(twoDigits: seconds / 60 % 60)
        text.append(hour < 12 ? "am" : "pm")
        return String(decoding: text.bytes, as: UTF8.self)
    }
}
