import Foundation
import DemoData
import LedgerCore
import Query

/// A demo history of 110 days with extra moods after socializing and extra Ibuprofen
/// doses, so that every example query has rows to find and rows to leave out.
struct QueryFixture: Sendable {
    static let shared = QueryFixture()

    let events: [Event]
    let now: Timestamp

    init() {
        var generator = DemoGenerator(seed: 11, firstDay: "2025-12-20")
        var events = generator.setup()
        for index in 0..<110 { events += generator.day(index) }
        var random = SeededRandom(seed: 5)
        var extra: [Event] = []
        for stop in events where stop.kind == .activityStopped {
            // Moods from 10 minutes before the end to an hour after, some inside the 30-minute window.
            for _ in 0..<3 {
                let minutes = Int64(random.next() % 70) - 10
                let rating = Double(1 + random.next() % 10)
                extra.append(Event(MoodRated(rating: rating), start: Timestamp(micros: stop.start.micros + minutes * 60_000_000), utcOffset: stop.utcOffset))
            }
        }
        for event in events where event.kind == .doseTaken && random.next() % 3 == 0 {
            let hour: Int64 = random.next() % 2 == 0 ? 13 : 12
            extra.append(Event(DoseTaken(medication: "Ibuprofen", dosage: Dosage(amount: 400, unit: .mg)), start: Timestamp(micros: event.start.micros + hour * 3_600_000_000), utcOffset: event.utcOffset))
        }
        self.events = events + extra
        let last = events.map(\.start.micros).max()!
        now = Timestamp(micros: last - 3 * 3_600_000_000)
    }

    /// A fresh index and daily metrics of the events (each test its own: they hold caches).
    func data() throws -> QueryData { try QueryData(events: events, now: now) }

    /// The local day of an event (days since 1970-01-01).
    static func day(_ micros: Int64, _ offset: Int32) -> Int64 {
        let local = micros + Int64(offset) * 1_000_000
        return (local >= 0 ? local : local - 86_399_999_999) / 86_400_000_000
    }

    /// The local time of `event`: a sample that names its zone is read at that zone's offset
    /// then (Foundation's tables, independently of the product's), anything else at its own offset.
    static func localMicros(_ event: Event) -> Int64 {
        var offset = Int64(event.utcOffset)
        if let zone = event.sampleZone.flatMap(TimeZone.init(identifier:)) {
            offset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(event.start.micros) / 1e6)))
        }
        return event.start.micros + offset * 1_000_000
    }

    /// 1 = Monday … 7 = Sunday.
    static func weekday(_ day: Int64) -> Int64 { ((day + 3) % 7 + 7) % 7 + 1 }

    static func dayText(_ day: Int64) -> String {
        let (year, month, date) = CivilDate.fromDays(day)
        return String(format: "%04lld-%02lld-%02lld", year, month, date)
    }
}
