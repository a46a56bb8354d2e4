import LedgerCore
import Testing
@testable import HealthImport

/// A route reads the same however its writer laid the GPX out, and a problem in it is named
/// with its file and line whichever reader met it first.
@Suite struct GPXRouteLayoutTests {
    static let start = try! ISO8601.parse("2020-05-12T16:43:44Z", localOffset: 0).timestamp

    /// Apple's layout: `lon` before `lat`, bare extension names, −1 for a course not known.
    static let apple = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">
          <trk><name>Route 2020-05-12 5:43pm</name><trkseg>
            <trkpt lon="13.377740" lat="52.516292"><ele>48.876612</ele><time>2020-05-12T16:43:44Z</time><extensions><speed>1.438888</speed><course>-1.000000</course><hAcc>1.960511</hAcc><vAcc>2.800470</vAcc></extensions></trkpt>
            <trkpt lon="13.377775" lat="52.516284"><ele>48.669412</ele><time>2020-05-12T16:43:46Z</time><extensions><speed>1.253519</speed><course>108.680909</course><hAcc>4.036440</hAcc><vAcc>2.299963</vAcc></extensions></trkpt>
          </trkseg></trk>
        </gpx>
        """

    static let applePoints = [
        RoutePoint(
            latitude: 52.516292, longitude: 13.377740, altitude: 48.876612, offset: 0, speed: 1.438888,
            horizontalAccuracy: 1.960511, verticalAccuracy: 2.800470),
        RoutePoint(
            latitude: 52.516284, longitude: 13.377775, altitude: 48.669412, offset: 2, speed: 1.253519, course: 108.680909,
            horizontalAccuracy: 4.036440, verticalAccuracy: 2.299963),
    ]

    /// The same two points as other writers lay them out.
    static let otherLayouts = [
        // `lat` first, single quotes, a namespace prefix and a wrapper around the extensions, values on lines of their own.
        """
        <gpx xmlns:gpxtpx="urn:example:ext"><trk><trkseg>
        <trkpt lat='52.516292' lon='13.377740'>
          <ele> 48.876612 </ele>
          <time>
            2020-05-12T16:43:44Z
          </time>
          <extensions><gpxtpx:TrackPointExtension>
            <gpxtpx:speed>1.438888</gpxtpx:speed><gpxtpx:course>-1</gpxtpx:course>
            <gpxtpx:hAcc>1.960511</gpxtpx:hAcc><gpxtpx:vAcc>2.800470</gpxtpx:vAcc>
          </gpxtpx:TrackPointExtension></extensions>
        </trkpt>
        <trkpt lat="52.516284" lon="13.377775" ><ele>48.669412</ele><time>2020-05-12T16:43:46Z</time><extensions><gpxtpx:speed>1.253519</gpxtpx:speed><gpxtpx:course>108.680909</gpxtpx:course><gpxtpx:hAcc>4.036440</gpxtpx:hAcc><gpxtpx:vAcc>2.299963</gpxtpx:vAcc></extensions><link href="https://example.com"/></trkpt>
        </trkseg></trk></gpx>
        """,
        // A DOCTYPE, comments, CDATA and character references.
        """
        <?xml version="1.0"?>
        <!DOCTYPE gpx>
        <gpx><!-- recorded on a watch --><trk><name><![CDATA[Run <1>]]></name><trkseg>
        <trkpt lon="13.377740" lat="52.516292"><ele>48.876612</ele><time>2020-05-12T16:43:44Z</time><extensions><speed>1.438888</speed><course>-1.000000</course><hAcc>1.960511</hAcc><vAcc>2.800470</vAcc></extensions></trkpt>
        <!-- paused -->
        <trkpt lon="&#49;3.377775" lat="52.516284"><ele>48.669412</ele><time>2020-05-12T16:43:46Z</time><extensions><speed>&#x31;.253519</speed><course>108.680909</course><hAcc>4.036440</hAcc><vAcc>2.299963</vAcc></extensions></trkpt>
        </trkseg></trk></gpx>
        """,
    ]

    @Test(arguments: [apple] + otherLayouts)
    func sameRouteWhateverTheLayout(_ gpx: String) throws {
        #expect(try GPXRoute.points(in: Array(gpx.utf8), relativeTo: Self.start, file: "route.gpx") == Self.applePoints)
    }

    /// The one-pass reader takes Apple's layout itself (an import's routes stay fast) and agrees
    /// with the general reader on every fixture it takes.
    @Test(arguments: [
        "apple-health/healthkit-to-sqlite/workout-routes/route_2019-06-11_3.00pm.gpx",
        "apple-health/health-data-parser/workout-routes/route_2023-12-28.gpx",
        "apple-health/health-data-parser/workout-routes/route_2024-06-10.gpx",
        "apple-health/health-data-parser/workout-routes/route_2025-02-01.gpx",
        "apple-health/health-data-parser/workout-routes/route_2025-03-01.gpx",
    ])
    func plainReaderAgreesWithGeneralReader(_ file: String) throws {
        for bytes in [Array(Self.apple.utf8), try FixtureFile.bytes(file)] {
            let plain = try #require(bytes.withUnsafeBufferPointer { GPXPlainRouteReader.points(in: $0, relativeTo: Self.start) })
            #expect(plain == (try GPXTrackPointReader(start: Self.start, file: file).read(bytes)))
        }
    }

    /// Apple's layout with one line changed: the problem on that line, named as the general reader names it.
    static let broken: [(line: String, says: String)] = [
        (#"<trkpt lon="13.377775" lat="52.516284"><ele>48.669412</ele></trkpt>"#,
         "trkpt 'without <time>' is not complete: every point needs its <time>"),
        (#"<trkpt lon="13.377775" lat="52.516284"><time>2020-05-12T16:43:46Z</time><extensions><speed>1,253519</speed></extensions></trkpt>"#,
         "speed '1,253519' is not a number"),
        (#"<trkpt lon="13.377775" lat="52.51.6284"><time>2020-05-12T16:43:46Z</time></trkpt>"#,
         "lat '52.51.6284' is not a number of degrees within -90…90"),
        (#"<trkpt lon="13.377775" lat="52.516284"><time>2020-05-12T16:43:46Z</time><course>361</course></trkpt>"#,
         "course '361' is not a direction in degrees, 0…360"),
        (#"<trkpt lon="13.377775" lat="52.516284"><time>2020-05-12T16:43:46Z</time></trkseg>"#,
         "</trkseg> where </trkpt> was expected"),
    ]

    @Test(arguments: 0..<broken.count) func problemNamesFileAndLine(_ index: Int) {
        var lines = Self.apple.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[4] = Self.broken[index].line
        #expect {
            try GPXRoute.points(in: Array(lines.joined(separator: "\n").utf8), relativeTo: Self.start, file: "workout-routes/route.gpx")
        } throws: { error in
            let error = error as! AttachmentError
            return error.line == 5 && error.description.hasPrefix("workout-routes/route.gpx line 5: ")
                && error.description.contains(Self.broken[index].says)
        }
    }

    @Test func truncatedRouteSaysSo() {
        #expect {
            try GPXRoute.points(in: Array(Self.apple.utf8.dropLast(30)), relativeTo: Self.start, file: "route.gpx")
        } throws: { error in
            (error as! AttachmentError).description.contains("it is truncated")
        }
    }
}
