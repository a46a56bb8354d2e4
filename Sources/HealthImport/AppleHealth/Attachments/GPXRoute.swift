public import LedgerCore

/// Reads a workout route from an export's `workout-routes/route_….gpx` (GPX 1.1).
///
/// Every `<trkpt>` of every track segment becomes a point, in file order: its `lat` and `lon`,
/// `<ele>`, `<time>`, and the `<speed>`, `<course>`, `<hAcc>` and `<vAcc>` Apple writes under
/// `<extensions>`. A negative speed, course or accuracy is Core Location's "not known" and is
/// read as absent.
public enum GPXRoute {
    /// The route's points with offsets in seconds from `start` (the workout's start); `file`
    /// names the file in errors.
    public static func points(in bytes: [UInt8], relativeTo start: Timestamp, file: String) throws(AttachmentError) -> [RoutePoint] {
        // The general reader takes what the plain one leaves: unusual markup, and every problem to report.
        let points: [RoutePoint]
        if let plain = bytes.withUnsafeBufferPointer({ GPXPlainRouteReader.points(in: $0, relativeTo: start) }) {
            points = plain
        } else {
            points = try GPXTrackPointReader(start: start, file: file).read(bytes)
        }
        guard !points.isEmpty else {
            throw AttachmentError.missing(
                file: file, what: "track points", example: #"<trkpt lat="52.37" lon="4.89"><time>2019-06-11T14:00:01Z</time></trkpt>"#)
        }
        return points
    }
}
