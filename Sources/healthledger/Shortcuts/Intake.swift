import ArgumentParser
import LedgerCore

struct Take: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Record a dose: `take Ibuprofen 200mg`.")
    @Argument(help: "The medication.") var medication: String
    @Argument(help: "The dosage, e.g. 200mg, 1.5 g, 2 puffs.") var dosage: [String] = []
    @Option(help: "A note.") var note: String?
    @OptionGroup var entry: EntryOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let amount = dosage.isEmpty ? nil : try Dosage.parse(dosage.joined(separator: " "))
        let payload = try DoseTaken(medication: medication, dosage: amount, note: note).validated()
        try vault.store([entry.event(payload)])
    }
}

struct Eat: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Log food: `eat \"Oatmeal\" --kcal 350 --protein 12 --carbs 60 --fat 6`.")
    @Argument(help: "What you ate.") var name: String
    @Option(help: "Energy in kcal.") var kcal: Double?
    @Option(help: "Protein in grams.") var protein: Double?
    @Option(help: "Carbohydrates in grams.") var carbs: Double?
    @Option(help: "Fat in grams.") var fat: Double?
    @Option(help: "breakfast, lunch, dinner or snack.") var meal: String?
    @Option(help: "A note.") var note: String?
    @OptionGroup var entry: EntryOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let mealKind = try meal.map { text in
            guard let kind = Meal(rawValue: text.lowercased()) else {
                throw ExitStatus.Failure(status: .invalidInput, message: "--meal \(text) must be breakfast, lunch, dinner or snack")
            }
            return kind
        }
        let payload = try FoodLogged(name: name, meal: mealKind, kcal: kcal, protein: protein, carbs: carbs, fat: fat, note: note).validated()
        try vault.store([entry.event(payload)])
    }
}

struct Weigh: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Record body weight: `weigh 72.4kg` (or lb).")
    @Argument(help: "The weight with its unit.") var weight: [String]
    @OptionGroup var entry: EntryOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let quantity = try Quantity.parse(weight.joined(separator: " "))
        guard ["kg", "lb", "g", "st"].contains(quantity.unit) else {
            throw ExitStatus.Failure(status: .invalidInput, message: "\(weight.joined(separator: " ")): give the weight in kg or lb, e.g. 72.4kg")
        }
        let payload = try SampleRecorded(type: "HKQuantityTypeIdentifierBodyMass", value: quantity.value, unit: quantity.unit).validated()
        try vault.store([entry.event(payload)])
    }
}
