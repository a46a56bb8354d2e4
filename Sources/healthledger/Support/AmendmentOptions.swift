import ArgumentParser
import LedgerCore

/// How a correction or retraction is identified. It is made now and changes only the payload
/// or visibility of its target, so it offers no --at or --end that would seem to move the
/// target in time and change nothing.
struct AmendmentOptions: ParsableArguments {
    @Option(help: "Use this id (32 hex digits) instead of a random one; the same id is stored once.")
    var id: String?

    /// Whether the amendment's id is drawn at random (no `--id`), so it cannot be stored already.
    var idDrawnAtRandom: Bool { id == nil }

    func event<P: EventPayload>(_ payload: P, causation: EventID) throws -> Event {
        try EntryOptions.parse(id.map { ["--id", $0] } ?? []).event(payload, causation: causation)
    }
}
