import ArgumentParser
import Foundation
import LedgerApplication
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

    /// What the options say, as the quick-entry builders take it.
    var timing: EntryTiming { EntryTiming(at: at, end: end, id: id, zone: zone) }

    /// The instant `text` names (default: now) and the offset it is local to.
    func time(_ text: String?) throws -> ZonedTime { try timing.time(text) }

    /// An instant with the offset this machine's zone keeps then.
    func zoned(_ instant: Timestamp) -> ZonedTime { timing.zoned(instant) }

    func eventID() throws -> EventID { try timing.eventID() }

    /// An event of `payload` at the chosen time (`start`, else `--at`), local to its own offset.
    func event<P: EventPayload>(_ payload: P, start: ZonedTime? = nil, causation: EventID? = nil) throws -> Event {
        try timing.event(payload, start: start, causation: causation)
    }
}
