import ArgumentParser
import Foundation
import LedgerCore
import LedgerStore

struct Take: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Record a dose: `take Ibuprofen 200mg`.")
    @Argument(help: "The medication.") var medication: String
    @Argument(help: "The dosage, e.g. 200mg, 1.5 g, 2 puffs.") var dosage: [String] = []
    @Option(help: "A note.") var note: String?
    @Flag(help: "The medication is a new one, though its name is a letter or two from a known one.") var new = false
    @OptionGroup var entry: EntryOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let known = try Self.medications(in: ledger)
        let isUnknown = try KnownNames.isUnknown(medication, known: known.names, isNew: new, what: "medication")
        try vault.store(events(known: known), into: ledger)
        if isUnknown {
            print("'\(medication)' is a new medication (none by that name before); "
                + "`append medication.defined name=\(medication) defaultDosage.amount=200 defaultDosage.unit=mg` gives it a default dosage")
        }
    }

    func events(in ledger: Ledger) throws -> [Event] { try events(known: Self.medications(in: ledger)) }

    private func events(known: (names: Set<String>, defaultDosages: [String: Dosage])) throws -> [Event] {
        // Without a dosage, the medication's default one (its latest definition's) is what was taken.
        let amount = try dosage.isEmpty ? known.defaultDosages[medication.lowercased()] : Dosage.parse(dosage.joined(separator: " "))
        let payload = try DoseTaken(medication: medication, dosage: amount, note: note).validated()
        return [try entry.event(payload)]
    }

    /// The medications defined or taken before, and the default dosage of each defined one
    /// (its latest definition's), by lowercased name.
    static func medications(in ledger: Ledger) throws -> (names: Set<String>, defaultDosages: [String: Dosage]) {
        var names: Set<String> = []
        var dosages: [String: Dosage] = [:]
        let kinds: Set<EventKind> = [.medicationDefined, .doseTaken]
        for current in try CurrentView.build(ledger, include: { kinds.contains($0.kind) }) where !current.isRetracted {
            if let defined = try? current.event.decode(MedicationDefined.self) {
                names.insert(defined.name)
                dosages[defined.name.lowercased()] = defined.defaultDosage
            } else if let taken = try? current.event.decode(DoseTaken.self) {
                names.insert(taken.medication)
            }
        }
        return (names, dosages)
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
        let mealKind = try meal.map { text in
            guard let kind = Meal(rawValue: text.lowercased()) else {
                throw ExitStatus.Failure(status: .invalidInput, message: "--meal \(text) must be breakfast, lunch, dinner or snack")
            }
            return kind
        }
        try EntryBounds.check(kcal, EntryBounds.kcalPerEntry, "--kcal", unit: "kcal")
        try EntryBounds.check(protein, EntryBounds.gramsPerEntry, "--protein", unit: "g")
        try EntryBounds.check(carbs, EntryBounds.gramsPerEntry, "--carbs", unit: "g")
        try EntryBounds.check(fat, EntryBounds.gramsPerEntry, "--fat", unit: "g")
        let payload = try FoodLogged(name: name, meal: mealKind, kcal: kcal, protein: protein, carbs: carbs, fat: fat, note: note).validated()
        return [try entry.event(payload)]
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

    func events() throws -> [Event] {
        guard !weight.isEmpty else { throw ExitStatus.Failure(status: .invalidInput, message: "give the weight with its unit, e.g. `weigh 72.4kg`") }
        let quantity = try Quantity.parse(weight.joined(separator: " "))
        guard Self.kilogramsPer[quantity.unit] != nil else {
            throw ExitStatus.Failure(status: .invalidInput, message: "\(weight.joined(separator: " ")): give the weight in kg or lb, e.g. 72.4kg")
        }
        let kilograms = quantity.value * Self.kilogramsPer[quantity.unit]!
        if !EntryBounds.bodyMassKg.contains(kilograms) {
            throw ExitStatus.Failure(
                status: .invalidInput,
                message: "\(weight.joined(separator: " ")) is not a possible body weight: give "
                    + "\(EntryBounds.format(EntryBounds.bodyMassKg.lowerBound))…\(EntryBounds.format(EntryBounds.bodyMassKg.upperBound)) kg")
        }
        let payload = try SampleRecorded(type: "HKQuantityTypeIdentifierBodyMass", value: quantity.value, unit: quantity.unit).validated()
        return [try entry.event(payload)]
    }

    private static let kilogramsPer: [String: Double] = ["kg": 1, "lb": 0.453_592_37, "g": 0.001, "st": 6.350_293_18]
}
