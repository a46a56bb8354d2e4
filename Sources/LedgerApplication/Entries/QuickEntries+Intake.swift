import Foundation
public import LedgerCore
public import LedgerStore

extension QuickEntries {
    /// A dose of `medication`; without a dosage, the medication's default one (its latest
    /// definition's) is what was taken.
    public static func dose(medication: String, dosage: String?, note: String? = nil, timing: EntryTiming, ledger: Ledger) throws -> [Event] {
        let amount = try dosage.map(Dosage.parse) ?? defaultDosage(of: medication, in: ledger)
        let payload = try DoseTaken(medication: medication, dosage: amount, note: note).validated()
        return [try timing.event(payload)]
    }

    static func defaultDosage(of medication: String, in ledger: Ledger) throws -> Dosage? {
        var dosage: Dosage?
        for current in try ledger.currentEvents(ofKinds: [.medicationDefined]) where !current.isRetracted {
            guard let defined = try? current.event.decode(MedicationDefined.self),
                  defined.name.caseInsensitiveCompare(medication) == .orderedSame else { continue }
            dosage = defined.defaultDosage
        }
        return dosage
    }

    /// Food, each amount within what one entry can hold; `meal` is breakfast, lunch, dinner or snack.
    public static func food(
        name: String, kcal: Double? = nil, protein: Double? = nil, carbs: Double? = nil, fat: Double? = nil,
        meal: String? = nil, note: String? = nil, timing: EntryTiming
    ) throws -> [Event] {
        let mealKind = try meal.map { text in
            guard let kind = Meal(rawValue: text.lowercased()) else { throw EntryRejected("--meal \(text) must be breakfast, lunch, dinner or snack") }
            return kind
        }
        try EntryBounds.check(kcal, EntryBounds.kcalPerEntry, "--kcal", unit: "kcal")
        try EntryBounds.check(protein, EntryBounds.gramsPerEntry, "--protein", unit: "g")
        try EntryBounds.check(carbs, EntryBounds.gramsPerEntry, "--carbs", unit: "g")
        try EntryBounds.check(fat, EntryBounds.gramsPerEntry, "--fat", unit: "g")
        let payload = try FoodLogged(name: name, meal: mealKind, kcal: kcal, protein: protein, carbs: carbs, fat: fat, note: note).validated()
        return [try timing.event(payload)]
    }

    /// A body weight with its unit (`72.4kg`, `160 lb`), within what a body can weigh.
    public static func weight(_ text: String, timing: EntryTiming) throws -> [Event] {
        guard !text.isEmpty else { throw EntryRejected("give the weight with its unit, e.g. `weigh 72.4kg`") }
        let quantity = try Quantity.parse(text)
        guard Self.weighingUnits.contains(quantity.unit), let perUnit = HealthUnit.named(quantity.unit)?.multiplier(to: .kilogram) else {
            throw EntryRejected("\(text): give the weight in kg or lb, e.g. 72.4kg")
        }
        if !EntryBounds.bodyMassKg.contains(quantity.value * perUnit) {
            throw EntryRejected(
                "\(text) is not a possible body weight: give "
                    + "\(EntryBounds.format(EntryBounds.bodyMassKg.lowerBound))…\(EntryBounds.format(EntryBounds.bodyMassKg.upperBound)) kg")
        }
        let payload = try SampleRecorded(type: "HKQuantityTypeIdentifierBodyMass", value: quantity.value, unit: quantity.unit).validated()
        return [try timing.event(payload)]
    }

    /// The units scales show; the factors are HealthUnit's, as for every conversion.
    private static let weighingUnits: Set<String> = ["kg", "lb", "g", "st"]
}
