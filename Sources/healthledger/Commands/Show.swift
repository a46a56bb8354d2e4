import ArgumentParser
import LedgerCore
import LedgerStore

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one event as it reads now, with its corrections.")
    @Argument(help: ArgumentHelp(stringLiteral: EventReference.help)) var id: String
    @Flag(help: "As JSON.") var json = false
    @Option(help: "For a face capture: also write its image, as imported, to this file.", completion: .file()) var image: String?
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let current = try EventLookup.current(ledger, id)
        if let image { try ImageOutput.write(current.event, from: ledger, to: image) }
        if json {
            var document = EventJSON.document(current.event, sequence: current.stored.sequence)
            document["retracted"] = .bool(current.isRetracted)
            document["amendments"] = .array(current.amendments.map { .map(EventJSON.document($0.event, sequence: $0.sequence)) })
            print(JSONWriter.string(document))
            return
        }
        let event = current.event
        print("#\(current.stored.sequence) \(event.kind.rawValue) (schema \(event.schema))\(current.isRetracted ? " — RETRACTED" : "")")
        print("  id        \(event.id) (short \(EventReference.shortID(event.id)))")
        print("  start     \(event.start.iso8601(utcOffset: event.utcOffset))")
        if let end = event.end { print("  end       \(end.iso8601(utcOffset: event.utcOffset))") }
        print("  recorded  \(event.recordedAt.iso8601(utcOffset: event.utcOffset))")
        print("  source    \([event.source.name, event.source.device, event.source.version].compactMap { $0 }.joined(separator: " · "))")
        print("  payload   \(JSONWriter.string(event.payload))")
        for amendment in current.amendments {
            print("  #\(amendment.sequence) \(amendment.event.kind.rawValue) at \(amendment.event.recordedAt.iso8601(utcOffset: event.utcOffset)): \(JSONWriter.string(amendment.event.payload))")
        }
        if current.isCorrected { print("  originally \(JSONWriter.string(current.stored.event.payload))") }
    }
}

enum EventLookup {
    /// An event that a correction or retraction may still aim at.
    static func amendable(_ ledger: Ledger, _ text: String) throws -> CurrentEvent {
        let current = try self.current(ledger, text)
        guard !current.isRetracted else {
            throw ExitStatus.Failure(status: .invalidInput, message: "event \(text) was retracted; it can no longer be amended")
        }
        guard !current.event.kind.isAmendment else {
            throw ExitStatus.Failure(status: .invalidInput, message: "\(text) is itself a \(current.event.kind.rawValue); amend the original event")
        }
        return current
    }

    static func current(_ ledger: Ledger, _ text: String) throws -> CurrentEvent {
        try ledger.currentEvent(EventReference.stored(ledger, text))
    }
}

struct Correct: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "correct",
        abstract: "Correct an event: appends a correction; the original stays in the log.",
        discussion: "correct ID rating=6 · correct ID --payload '{\"rating\":6,\"scaleMin\":1,\"scaleMax\":10}'")
    @Argument(help: ArgumentHelp(stringLiteral: EventReference.help)) var id: String
    @Argument(help: "Fields to change, as name=value.") var fields: [String] = []
    @Option(help: "The whole new payload as JSON.") var payload: String?
    @Option(help: "Why.") var reason: String?
    @Flag(help: "Store fields the kind does not read.") var force = false
    @OptionGroup var entry: AmendmentOptions
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let current = try EventLookup.amendable(ledger, id)
        var document = try payload.map { try JSONParser.parseObject($0) } ?? current.event.payload
        for field in fields { try FieldAssignment.apply(field, to: &document) }
        try PayloadCatalog.validate(kind: current.event.kind, schema: current.event.schema, payload: document)
        try UnknownFields.refuse(kind: current.event.kind, payload: document, force: force)
        guard !PayloadCatalog.same(kind: current.event.kind, document, current.event.payload) else {
            throw ExitStatus.Failure(
                status: .invalidInput,
                message: "this correction changes nothing: \(EventReference.label(current.stored.sequence, current.event.id)) already reads \(JSONWriter.string(current.event.payload)); give the fields to change, e.g. rating=6")
        }
        let correction = try EventCorrected(target: current.event.id, payloadSchema: current.event.schema, payload: document, reason: reason).validated()
        try vault.store([entry.event(correction, causation: current.event.id)], into: ledger, output: output, idsDrawnAtRandom: entry.idDrawnAtRandom)
    }
}

struct Retract: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "retract", abstract: "Retract an event: appends a retraction; the original stays in the log.")
    @Argument(help: ArgumentHelp(stringLiteral: EventReference.help)) var id: String
    @Option(help: "Why.") var reason: String?
    @OptionGroup var entry: AmendmentOptions
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let current = try EventLookup.amendable(ledger, id)
        let retraction = try entry.event(try EventRetracted(target: current.event.id, reason: reason).validated(), causation: current.event.id)
        try vault.store([retraction], into: ledger, output: output, idsDrawnAtRandom: entry.idDrawnAtRandom)
    }
}
