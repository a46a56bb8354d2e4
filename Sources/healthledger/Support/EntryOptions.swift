import ArgumentParser
import Foundation
import LedgerCore

/// When an entry happened and how it is identified; shared by every command that appends.
struct EntryOptions: ParsableArguments {
    @Option(help: "When it happened: ISO 8601, \"20m ago\", \"yesterday 22:30\", \"08:15\" (default: now).")
    var at: String?

    @Option(help: "When it ended, in the same forms as --at.")
    var end: String?

    @Option(help: "Use this id (32 hex digits) instead of a random one; the same id is stored once.")
    var id: String?

    /// The zone clock times are read in (`TZ`); an offset written in the text wins.
    var zone: LocalZone { .current }

    /// The instant `text` names (default: now) and the offset it is local to.
    func time(_ text: String?) throws -> ZonedTime {
        guard let text else { return zoned(.now()) }
        return try TimeExpression.resolve(text, now: .now(), zone: zone)
    }

    /// An instant with the offset this machine's zone keeps then.
    func zoned(_ instant: Timestamp) -> ZonedTime { (instant, zone.offset(at: instant)) }

    func eventID() throws -> EventID {
        guard let id else { return .random() }
        guard let parsed = EventID(hex: id) else {
            throw ExitStatus.Failure(status: .invalidInput, message: "--id \(id) must be 32 hex digits")
        }
        return parsed
    }

    /// An event of `payload` at the chosen time (`start`, else `--at`), local to its own offset.
    func event<P: EventPayload>(_ payload: P, start: ZonedTime? = nil, causation: EventID? = nil) throws -> Event {
        let begin = try start ?? time(at)
        return Event(
            payload, id: try eventID(), start: begin.timestamp, end: try end.map { try time($0).timestamp },
            utcOffset: begin.utcOffset, zone: zone.identifier, causation: causation)
    }
}

/// An instant and the UTC offset of the place it was lived in.
typealias ZonedTime = (timestamp: Timestamp, utcOffset: Int32)
