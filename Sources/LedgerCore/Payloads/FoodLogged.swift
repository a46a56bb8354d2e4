/// Something eaten, with its energy and nutrients as far as they are known.
public struct FoodLogged: EventPayload {
    public static let kind = EventKind.foodLogged
    public static let schema = 1

    public var name: String
    public var meal: Meal?
    /// Kilocalories (food Calories).
    public var kcal: Double?
    /// Grams.
    public var protein: Double?
    /// Grams.
    public var carbs: Double?
    /// Grams.
    public var fat: Double?
    /// Further nutrients by name (`fiber`, `sugar`, `sodium`…), in grams unless the name
    /// says otherwise (`sodiumMg`, `vitaminDMcg`).
    public var nutrients: [String: Double]
    public var note: String?

    public init(
        name: String, meal: Meal? = nil, kcal: Double? = nil, protein: Double? = nil, carbs: Double? = nil,
        fat: Double? = nil, nutrients: [String: Double] = [:], note: String? = nil
    ) {
        self.name = name
        self.meal = meal
        self.kcal = kcal
        self.protein = protein
        self.carbs = carbs
        self.fat = fat
        self.nutrients = nutrients
        self.note = note
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            name = try Rule.nonEmpty(document.string("name"), "name")
            if let text = try document.optionalString("meal") {
                guard let meal = Meal(rawValue: text) else {
                    throw ValidationError(field: "meal", value: describe(.string(text)), reason: "must be breakfast, lunch, dinner or snack")
                }
                self.meal = meal
            } else {
                meal = nil
            }
            kcal = try Rule.nonNegativeIfPresent(document.optionalDouble("kcal"), "kcal")
            protein = try Rule.nonNegativeIfPresent(document.optionalDouble("protein"), "protein")
            carbs = try Rule.nonNegativeIfPresent(document.optionalDouble("carbs"), "carbs")
            fat = try Rule.nonNegativeIfPresent(document.optionalDouble("fat"), "fat")
            nutrients = try document.numberMap("nutrients")
            for (nutrient, amount) in nutrients { _ = try Rule.nonNegative(amount, "nutrients.\(nutrient)") }
            note = try document.optionalString("note")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["name": .string(name)]
        document.set("meal", meal.map { .string($0.rawValue) })
        document.set("kcal", kcal.doc)
        document.set("protein", protein.doc)
        document.set("carbs", carbs.doc)
        document.set("fat", fat.doc)
        document.setMap("nutrients", nutrients, DocValue.double)
        document.set("note", note.doc)
        return document
    }
}

/// The meal a food belongs to.
public enum Meal: String, Sendable, CaseIterable {
    case breakfast, lunch, dinner, snack
}
