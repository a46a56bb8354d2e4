import Foundation
import LedgerCore

/// Realistic-looking samples: heart rate readings a minute apart from a watch.
func heartRateEvents(count: Int, startingAt start: Int64 = 1_767_225_600_000_000) -> [Event] {
    (0..<count).map { index in
        Event(
            kind: .sampleRecorded, schema: 1, start: Timestamp(micros: start + Int64(index) * 60_000_000),
            end: Timestamp(micros: start + Int64(index) * 60_000_000 + 5_000_000), utcOffset: 3600,
            source: Source(name: "Apple Watch", device: "Watch6,2", version: "10.1"),
            payload: ["type": .string("HKQuantityTypeIdentifierHeartRate"), "value": .double(Double(55 + index % 40)), "unit": .string("count/min")])
    }
}
