import Foundation
import PropertyBased
import Testing
@testable import LedgerCore

/// `ZoneOffsets` keeps a span per zone between clock changes: in whatever order instants
/// come, it must give the offset Foundation gives.
@Suite struct ZoneOffsetsTests {
    static let zones = ["Europe/Paris", "America/New_York", "Australia/Sydney", "Asia/Jerusalem", "America/Santiago", "Asia/Kolkata", "UTC"]

    @Test func theCachedOffsetIsTheZonesAtEveryInstant() async {
        // 2000–2030, instants in random order and runs close together.
        let instants = Gen.int64(in: 946_684_800...1_893_456_000).array(of: 1...60)
        await propertyCheck(count: 100, input: instants, Gen.element(of: Self.zones).array(of: 1...60)) { seconds, zones in
            var offsets = ZoneOffsets()
            for (index, second) in seconds.enumerated() {
                let zone = zones[index % zones.count]!
                let expected = TimeZone(identifier: zone)!.secondsFromGMT(for: Date(timeIntervalSince1970: Double(second)))
                #expect(offsets.offset(zone, at: Timestamp(micros: second * 1_000_000)) == Int32(expected), "\(zone) at \(second)")
                // A neighbour of the last instant, as a log's next sample is.
                let next = second + 1800
                let nextExpected = TimeZone(identifier: zone)!.secondsFromGMT(for: Date(timeIntervalSince1970: Double(next)))
                #expect(offsets.offset(zone, at: Timestamp(micros: next * 1_000_000)) == Int32(nextExpected), "\(zone) at \(next)")
            }
        }
    }

    @Test func aNameThatIsNoZoneHasNoOffset() {
        var offsets = ZoneOffsets()
        #expect(offsets.offset("Mars/Olympus", at: Timestamp(micros: 0)) == nil)
        #expect(offsets.offset("Mars/Olympus", at: Timestamp(micros: 0)) == nil)
    }
}
