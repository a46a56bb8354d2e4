import ArgumentParser
import Foundation
import LedgerCore

/// When an entry happened and how it is identified; shared by every command that appends.
struct EntryOptions: ParsableArguments {
    @Option(help: "When it happened: ISO 8601, \"20m ago\", \"yesterday 22:30\", \"08:15\" (the last 08:15 gone by) (default: now).")
    var at: String?

    @Option(help: "Use this id (32 hex digits) instead of a random one; the same id is stored once.")
    var id: String?

    @Flag(help: "Allow a time in the future (an entry otherwise records what has happened).")
    var future = false

    /// How far ahead a time may be without --future: clocks of two devices disagree a little.
    static let clockSkewSeconds = 60.0

    /// The zone clock times are read in (`TZ`); an offset written in the text wins.
    var zone: LocalZone { .current }

    /// The instant `text` names (default: now) and the offset it is local to.
    /// A time typed after `flag`; errors name the flag and the forms it takes.
    func time(_ text: String?, flag: String = "--at") throws -> ZonedTime {
        let now = Timestamp.now()
        guard let text else { return zoned(now) }
        let resolved: ZonedTime
        do {
            resolved = try TimeExpression.resolve(text, now: now, zone: zone)
        } catch {
            throw ExitStatus.Failure(status: .invalidInput, message: "\(flag) \(error)")
        }
        if !future, resolved.timestamp > now.adding(seconds: Self.clockSkewSeconds) {
            throw ExitStatus.Failure(
                status: .invalidInput,
                message: "\(flag) \(text) is in the future (\(resolved.timestamp.iso8601(utcOffset: resolved.utcOffset))); "
                    + "an entry records what has happened: check the date, or add --future to store it so")
        }
        return resolved
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
    func event<P: EventPayload>(_ payload: P, start: ZonedTime? = nil, end: String? = nil, causation: EventID? = nil) throws -> Event {
        let begin = try start ?? time(at)
        return Event(
            payload, id: try eventID(), start: begin.timestamp, end: try end.map { try time($0, flag: "--end").timestamp },
            utcOffset: begin.utcOffset, zone: zone.identifier, causation: causation)
    }
}

/// When an entry that lasts ended: only the commands whose events have a duration offer it
/// (`append`, `symptom`), so that `stop`, `settings set` and amendments take no --end that
/// would mean nothing.
struct EndOption: ParsableArguments {
    @Option(help: "When it ended, in the same forms as --at.")
    var end: String?
}

/// An instant and the UTC offset of the place it was lived in.
typealias ZonedTime = (timestamp: Timestamp, utcOffset: Int32)
