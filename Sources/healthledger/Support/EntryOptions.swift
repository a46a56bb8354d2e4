import ArgumentParser
import Foundation
import LedgerApplication
import LedgerCore

/// When an entry happened and how it is identified; shared by every command that appends.
struct EntryOptions: ParsableArguments {
    @Option(help: "When it happened: ISO 8601, \"20m ago\", \"yesterday 22:30\", \"08:15\" (the last 08:15 gone by) (default: now).")
    var at: String?

    @Option(help: "Use this id (32 hex digits) instead of a random one; the same id is stored once.")
    var id: String?

    @Flag(help: "Allow a time in the future (an entry otherwise records what has happened).")
    var future = false

    /// The zone clock times are read in (`TZ`); an offset written in the text wins.
    var zone: LocalZone { .current }

    /// What the options say, as the quick-entry builders take it.
    var timing: EntryTiming { timing(end: nil) }

    /// The same, for an entry that lasts until `end` (`EndOption`).
    func timing(end: String?) -> EntryTiming { EntryTiming(at: at, end: end, id: id, zone: zone, future: future) }

    /// The instant `text` names (default: now) and the offset it is local to.
    func time(_ text: String?, flag: String = "--at") throws -> ZonedTime { try timing.time(text, flag: flag) }

    /// An instant with the offset this machine's zone keeps then.
    func zoned(_ instant: Timestamp) -> ZonedTime { timing.zoned(instant) }

    func eventID() throws -> EventID { try timing.eventID() }

    /// An event of `payload` at the chosen time (`start`, else `--at`), local to its own offset.
    func event<P: EventPayload>(_ payload: P, start: ZonedTime? = nil, end: String? = nil, causation: EventID? = nil) throws -> Event {
        try timing(end: end).event(payload, start: start, causation: causation)
    }
}

/// When an entry that lasts ended: only the commands whose events have a duration offer it
/// (`append`, `symptom`), so that `stop`, `settings set` and amendments take no --end that
/// would mean nothing.
struct EndOption: ParsableArguments {
    @Option(help: "When it ended, in the same forms as --at.")
    var end: String?
}
