import LedgerCore
import Testing
@testable import HealthImport

@Suite struct GPXRouteTests {
    /// 22:00:00Z is 3:00pm Pacific, the time in the route's file name.
    let threePM = try! ISO8601.parse("2019-06-11T22:00:00Z", localOffset: 0).timestamp

    @Test func readsAppleRouteWithElevationAndExtensions() throws {
        let file = "apple-health/healthkit-to-sqlite/workout-routes/route_2019-06-11_3.00pm.gpx"
        let points = try GPXRoute.points(in: FixtureFile.bytes(file), relativeTo: threePM, file: file)
        #expect(points == [
            RoutePoint(
                latitude: 37.781672, longitude: -122.396397, altitude: 4.076904, offset: 42, speed: 0.180883, course: 206.252884,
                horizontalAccuracy: 8.063116, verticalAccuracy: 6.428697),
            RoutePoint(
                latitude: 37.781670, longitude: -122.396396, altitude: 4.083609, offset: 42, speed: 0.116181, course: 206.252884,
                horizontalAccuracy: 8.292910, verticalAccuracy: 6.481525),
            RoutePoint(
                latitude: 37.781670, longitude: -122.396394, altitude: 4.085232, offset: 43, speed: 0.054395, course: 206.252884,
                horizontalAccuracy: 8.453521, verticalAccuracy: 6.549587),
        ])
    }

    @Test func readsRouteWithoutElevation() throws {
        let file = "apple-health/health-data-parser/workout-routes/route_2025-03-01.gpx"
        let start = try ISO8601.parse("2025-03-01 09:00:00 +0000", localOffset: 0).timestamp
        let points = try GPXRoute.points(in: FixtureFile.bytes(file), relativeTo: start, file: file)
        #expect(points.map(\.offset) == stride(from: 0.0, through: 3300, by: 330).map { $0 })
        #expect(points.first == RoutePoint(latitude: 52.3, longitude: 13.3, offset: 0))
        #expect(points.last == RoutePoint(latitude: 52.39, longitude: 13.3, offset: 3300))
    }

    @Test func unknownValuesPrefixedNamesAndSeveralSegments() throws {
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="urn:example:ext">
              <trk><trkseg>
                <trkpt lat="-33.8568" lon="151.2153"><ele>-2.5</ele><time>2019-06-11T21:59:58.5Z</time>
                  <extensions><gpxtpx:speed>-1</gpxtpx:speed><gpxtpx:course>-1.000000</gpxtpx:course><hAcc>-1</hAcc><vAcc>3</vAcc></extensions>
                </trkpt>
              </trkseg><trkseg>
                <trkpt lon="151.2154" lat="-33.8569"><time>2019-06-11T22:00:10+00:00</time></trkpt>
              </trkseg></trk>
            </gpx>
            """
        let points = try GPXRoute.points(in: Array(gpx.utf8), relativeTo: threePM, file: "inline.gpx")
        #expect(points == [
            RoutePoint(latitude: -33.8568, longitude: 151.2153, altitude: -2.5, offset: -1.5, verticalAccuracy: 3),
            RoutePoint(latitude: -33.8569, longitude: 151.2154, offset: 10),
        ])
    }

    static let broken: [(gpx: String, line: Int?, says: String)] = [
        ("<gpx>\n<trk><trkseg>\n<trkpt lat=\"abc\" lon=\"4\"><time>2019-06-11T22:00:00Z</time></trkpt>\n</trkseg></trk></gpx>",
         3, "lat 'abc' is not a number of degrees within -90…90"),
        ("<gpx><trk><trkseg>\n<trkpt lat=\"52\" lon=\"4\">\n<ele>high</ele><time>2019-06-11T22:00:00Z</time></trkpt></trkseg></trk></gpx>",
         3, "ele 'high' is not a number"),
        ("<gpx><trk><trkseg>\n<trkpt lat=\"52\" lon=\"4\"><time>11 June 2019</time></trkpt></trkseg></trk></gpx>",
         2, "time '11 June 2019' is not a time like 2019-06-11T14:00:01Z"),
        ("<gpx><trk><trkseg>\n<trkpt lat=\"52\" lon=\"4\"><ele>3</ele></trkpt></trkseg></trk></gpx>",
         2, "every point needs its <time>"),
        ("<gpx><trk><trkseg>\n<trkpt lat=\"52\" lon=\"4\"><course>400</course></trkpt></trkseg></trk></gpx>",
         2, "course '400' is not a direction in degrees, 0…360"),
        ("<gpx><trk><trkseg></trkseg></trk></gpx>", nil, "has no track points"),
    ]

    @Test(arguments: 0..<broken.count) func badRouteNamesFileLineAndProblem(_ index: Int) {
        let (gpx, line, says) = Self.broken[index]
        do {
            let points = try GPXRoute.points(in: Array(gpx.utf8), relativeTo: threePM, file: "workout-routes/route.gpx")
            Issue.record("read \(points.count) points")
        } catch {
            #expect(error.file == "workout-routes/route.gpx")
            #expect(error.line == line)
            #expect(error.description.contains(says), "\(error)")
            #expect(error.description.hasPrefix(line.map { "workout-routes/route.gpx line \($0): " } ?? "workout-routes/route.gpx: "))
        }
    }

    @Test func xmlThatIsNotWellFormedSaysSoWithTheLine() {
        let gpx = "<gpx><trk>\n<trkseg>\n<trkpt lat=\"52\" lon=\"4\"><time>2019-06-11T22:00:00Z</time></trkpt>\n<trkpt lat=52 lon=\"4\">"
        #expect {
            try GPXRoute.points(in: Array(gpx.utf8), relativeTo: threePM, file: "route.gpx")
        } throws: { error in
            let error = error as! AttachmentError
            return error.line == 4 && error.description.hasPrefix("route.gpx line 4: not readable as XML (the value of 'lat' in <trkpt> is not in quotes at column 12)")
                && error.description.hasSuffix("export again from the Health app, or import without this file")
        }
    }
}
