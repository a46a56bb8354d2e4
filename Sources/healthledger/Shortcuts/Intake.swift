import ArgumentParser
import Foundation
import LedgerApplication
import LedgerCore
import LedgerStore

struct Take: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "take", abstract: "Record a dose: `take Ibuprofen 200mg`.")
    @Argument(help: "The medication.") var medication: String
    @Argument(help: "The dosage, e.g. 200mg, 1.5 g, 2 puffs.") var dosage: [String] = []
    @Option(help: "A note.") var note: String?
    @Flag(help: "The medication is a new one, though its name is a letter or two from a known one.") var new = false
    @OptionGroup var entry: EntryOptions
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let isUnknown = try KnownNames.isUnknown(medication, known: Self.medicationNames(in: ledger), isNew: new, what: "medication")
        let events = try events(in: ledger)
        let notice = "'\(medication)' is a new medication (none by that name before); "
            + "`append medication.defined name=\(medication) defaultDosage.amount=200 defaultDosage.unit=mg` gives it a default dosage"
        var notices: [EventID: String] = [:]
        if isUnknown { for event in events { notices[event.id] = notice } }
        try vault.store(events, into: ledger, output: output, newNames: notices, idsDrawnAtRandom: entry.timing.idsDrawnAtRandom)
    }

    func events(in ledger: Ledger) throws -> [Event] {
        try QuickEntries.dose(medication: medication, dosage: dosage.isEmpty ? nil : dosage.joined(separator: " "), note: note, timing: entry.timing, ledger: ledger)
    }

    /// The medications defined or taken before, read through the store's index by kind.
    static func medicationNames(in ledger: Ledger) throws -> Set<String> {
        var names: Set<String> = []
        for current in try ledger.currentEvents(ofKinds: [.medicationDefined, .doseTaken]) where !current.isRetracted {
            if let defined = try? current.event.decode(MedicationDefined.self) {
                names.insert(defined.name)
            } else if let taken = try? current.event.decode(DoseTaken.self) {
                names.insert(taken.medication)
            }
        }
        return names
    }
}

struct Eat: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "eat", abstract: "Log food: `eat \"Oatmeal\" --kcal 350 --protein 12 --carbs 60 --fat 6`.")
    @Argument(help: "What you ate.") var name: String
    @Option(parsing: .unconditional, help: "Energy in kcal.", transform: TypedNumber.parse) var kcal: Double?
    @Option(parsing: .unconditional, help: "Protein in grams.", transform: TypedNumber.parse) var protein: Double?
    @Option(parsing: .unconditional, help: "Carbohydrates in grams.", transform: TypedNumber.parse) var carbs: Double?
    @Option(parsing: .unconditional, help: "Fat in grams.", transform: TypedNumber.parse) var fat: Double?
    @Option(help: "breakfast, lunch, dinner or snack.", completion: .list(["breakfast", "lunch", "dinner", "snack"])) var meal: String?
    @Option(help: "A note.") var note: String?
    @OptionGroup var entry: EntryOptions
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func run() throws {
        try vault.store(events(), output: output, idsDrawnAtRandom: entry.timing.idsDrawnAtRandom)
    }

    func events() throws -> [Event] {
        try QuickEntries.food(name: name, kcal: kcal, protein: protein, carbs: carbs, fat: fat, meal: meal, note: note, timing: entry.timing)
    }
}

struct Weigh: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "weigh", abstract: "Record body weight: `weigh 72.4kg` (or lb).")
    // Unrecognized inputs, so that a negative weight (-5kg) reaches the bounds check instead of reading as an option.
    @Argument(parsing: .allUnrecognized, help: "The weight with its unit.") var weight: [String] = []
    @OptionGroup var entry: EntryOptions
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func run() throws {
        try vault.store(events(), output: output, idsDrawnAtRandom: entry.timing.idsDrawnAtRandom)
    }

    func events() throws -> [Event] { try QuickEntries.weight(weight.joined(separator: " "), timing: entry.timing) }
}
