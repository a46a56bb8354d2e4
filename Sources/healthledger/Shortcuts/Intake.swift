import ArgumentParser
import Foundation
import LedgerApplication
import LedgerCore
import LedgerStore

struct Take: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Record a dose: `take Ibuprofen 200mg`.")
    @Argument(help: "The medication.") var medication: String
    @Argument(help: "The dosage, e.g. 200mg, 1.5 g, 2 puffs.") var dosage: [String] = []
    @Option(help: "A note.") var note: String?
    @OptionGroup var entry: EntryOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        try vault.store(events(in: ledger), into: ledger)
    }

    func events(in ledger: Ledger) throws -> [Event] {
        try QuickEntries.dose(medication: medication, dosage: dosage.isEmpty ? nil : dosage.joined(separator: " "), note: note, timing: entry.timing, ledger: ledger)
    }
}

struct Eat: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Log food: `eat \"Oatmeal\" --kcal 350 --protein 12 --carbs 60 --fat 6`.")
    @Argument(help: "What you ate.") var name: String
    @Option(parsing: .unconditional, help: "Energy in kcal.") var kcal: Double?
    @Option(parsing: .unconditional, help: "Protein in grams.") var protein: Double?
    @Option(parsing: .unconditional, help: "Carbohydrates in grams.") var carbs: Double?
    @Option(parsing: .unconditional, help: "Fat in grams.") var fat: Double?
    @Option(help: "breakfast, lunch, dinner or snack.") var meal: String?
    @Option(help: "A note.") var note: String?
    @OptionGroup var entry: EntryOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        try vault.store(events())
    }

    func events() throws -> [Event] {
        try QuickEntries.food(name: name, kcal: kcal, protein: protein, carbs: carbs, fat: fat, meal: meal, note: note, timing: entry.timing)
    }
}

struct Weigh: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Record body weight: `weigh 72.4kg` (or lb).")
    // Unrecognized inputs, so that a negative weight (-5kg) reaches the bounds check instead of reading as an option.
    @Argument(parsing: .allUnrecognized, help: "The weight with its unit.") var weight: [String] = []
    @OptionGroup var entry: EntryOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        try vault.store(events())
    }

    func events() throws -> [Event] { try QuickEntries.weight(weight.joined(separator: " "), timing: entry.timing) }
}
