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

    var localOffset: Int32 { Int32(TimeZone.current.secondsFromGMT()) }

    func time(_ text: String?) throws -> Timestamp {
        guard let text else { return .now() }
        return try TimeExpression.parse(text, now: .now(), utcOffset: localOffset)
    }

    func eventID() throws -> EventID {
        guard let id else { return .random() }
        guard let parsed = EventID(hex: id) else {
            throw ExitStatus.Failure(status: .invalidInput, message: "--id \(id) must be 32 hex digits")
        }
        return parsed
    }

    /// An event of `payload` at the chosen time, in this machine's time zone.
    func event<P: EventPayload>(_ payload: P, start: Timestamp? = nil, causation: EventID? = nil) throws -> Event {
        let begin = try start ?? time(at)
        return Event(
            payload, id: try eventID(), start: begin, end: try end.map { try time($0) }, utcOffset: localOffset,
            zone: TimeZone.current.identifier, causation: causation)
    }
}
