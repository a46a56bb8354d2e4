import ArgumentParser
import LedgerApplication
import LedgerCore

/// `--scale 1-10` style bounds for ratings.
struct ScaleOptions: ParsableArguments {
    @Option(help: "The rating's scale, as MIN-MAX.")
    var scale = "1-10"

    @Option(help: "A note.")
    var note: String?

    @Option(name: .customLong("tag"), help: "A tag (repeat for several).")
    var tags: [String] = []
}

struct Mood: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mood", abstract: "Rate your mood: `mood 7`.")
    @Argument(help: "The rating, within the scale (6.5 or 6,5).", transform: TypedNumber.parse) var rating: Double
    @OptionGroup var scale: ScaleOptions
    @OptionGroup var entry: EntryOptions
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func run() throws {
        try vault.store(events(), output: output, idsDrawnAtRandom: entry.timing.idsDrawnAtRandom)
    }

    func events() throws -> [Event] { try QuickEntries.mood(rating: rating, scale: scale.scale, note: scale.note, tags: scale.tags, timing: entry.timing) }
}

struct Fatigue: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "fatigue", abstract: "Rate your fatigue: `fatigue 3`.")
    @Argument(help: "The rating, within the scale (6.5 or 6,5).", transform: TypedNumber.parse) var rating: Double
    @OptionGroup var scale: ScaleOptions
    @OptionGroup var entry: EntryOptions
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func run() throws {
        try vault.store(events(), output: output, idsDrawnAtRandom: entry.timing.idsDrawnAtRandom)
    }

    func events() throws -> [Event] { try QuickEntries.fatigue(rating: rating, scale: scale.scale, note: scale.note, tags: scale.tags, timing: entry.timing) }
}

struct Symptom: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "symptom", abstract: "Report a symptom: `symptom headache --severity 2`.")
    @Argument(help: "The symptom.") var name: String
    @Option(help: "0 absent, 1 mild, 2 moderate, 3 severe (or the word).") var severity = "1"
    @Option(help: "A note.") var note: String?
    @Option(help: "Group with a measurement session.") var session: String?
    @OptionGroup var entry: EntryOptions
    @OptionGroup var ending: EndOption
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func run() throws {
        try vault.store(events(), output: output, idsDrawnAtRandom: entry.timing.idsDrawnAtRandom)
    }

    func events() throws -> [Event] {
        try QuickEntries.symptom(name: name, severity: severity, note: note, session: session, timing: entry.timing(end: ending.end))
    }
}
