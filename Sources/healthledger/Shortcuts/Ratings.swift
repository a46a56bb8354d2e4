import ArgumentParser
import LedgerCore

/// `--scale 1-10` style bounds for ratings.
struct ScaleOptions: ParsableArguments {
    @Option(help: "The rating's scale, as MIN-MAX.")
    var scale = "1-10"

    @Option(help: "A note.")
    var note: String?

    @Option(name: .customLong("tag"), help: "A tag (repeat for several).")
    var tags: [String] = []

    /// The validated payload of `rating` on this scale, with the note and tags.
    func payload<Rated>(_ type: ScaledRating<Rated>.Type, rating: Double) throws -> ScaledRating<Rated> {
        let parts = scale.split(separator: "-").compactMap { Double($0) }
        guard parts.count == 2 else {
            throw ExitStatus.Failure(status: .invalidInput, message: "--scale \(scale) must look like 1-10")
        }
        return try ScaledRating<Rated>(rating: rating, scaleMin: parts[0], scaleMax: parts[1], note: note, tags: tags).validated()
    }
}

struct Mood: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Rate your mood: `mood 7`.")
    @Argument(help: "The rating, within the scale.") var rating: Double
    @OptionGroup var scale: ScaleOptions
    @OptionGroup var entry: EntryOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        try vault.store(events())
    }

    func events() throws -> [Event] { [try entry.event(scale.payload(MoodRated.self, rating: rating))] }
}

struct Fatigue: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Rate your fatigue: `fatigue 3`.")
    @Argument(help: "The rating, within the scale.") var rating: Double
    @OptionGroup var scale: ScaleOptions
    @OptionGroup var entry: EntryOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        try vault.store(events())
    }

    func events() throws -> [Event] { [try entry.event(scale.payload(FatigueRated.self, rating: rating))] }
}

struct Symptom: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Report a symptom: `symptom headache --severity 2`.")
    @Argument(help: "The symptom.") var name: String
    @Option(help: "0 absent, 1 mild, 2 moderate, 3 severe (or the word).") var severity = "1"
    @Option(help: "A note.") var note: String?
    @Option(help: "Group with a measurement session.") var session: String?
    @OptionGroup var entry: EntryOptions
    @OptionGroup var ending: EndOption
    @OptionGroup var vault: VaultOptions

    func run() throws {
        try vault.store(events())
    }

    func events() throws -> [Event] {
        let payload = try SymptomReported(name: name, severity: SymptomSeverity(option: severity), note: note, session: session).validated()
        return [try entry.event(payload, end: ending.end)]
    }
}
