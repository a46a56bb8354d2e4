import LedgerCore

/// Maps a `food.logged` nutrient name to Health's dietary identifier and the unit its amount is in.
enum FoodNutrient {
    /// The identifier and unit for `name` (`fiber` → grams, `sodiumMg` → mg,
    /// `vitamin_d_mcg` → mcg), or nil for a nutrient no column holds.
    static func resolve(_ name: String) -> (identifier: String, unit: HealthUnit)? {
        let folded = String(name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        if let identifier = identifiers[folded] {
            // The payload's rule is grams; water is the exception people write in mL, and a gram of water is a mL.
            // Cannot fail: a symbol HealthUnit.all holds
            return (identifier, HealthUnit.named(identifier == "HKQuantityTypeIdentifierDietaryWater" ? "mL" : "g")!)
        }
        for (suffix, unit) in suffixes where folded.hasSuffix(suffix) {
            if let identifier = identifiers[String(folded.dropLast(suffix.count))], let unit = HealthUnit.named(unit) { return (identifier, unit) }
        }
        return nil
    }

    /// Longest first, so `mcg` is not read as `g`.
    private static let suffixes: [(String, String)] = [("mcg", "mcg"), ("ug", "mcg"), ("mg", "mg"), ("ml", "mL"), ("g", "g")]

    private static let identifiers: [String: String] = {
        let names: [(String, [String])] = [
            ("Fiber", ["fiber", "fibre"]), ("Sugar", ["sugar", "sugars"]), ("FatSaturated", ["saturatedfat", "fatsaturated"]),
            ("FatMonounsaturated", ["monounsaturatedfat", "fatmonounsaturated"]),
            ("FatPolyunsaturated", ["polyunsaturatedfat", "fatpolyunsaturated"]), ("Cholesterol", ["cholesterol"]),
            ("Sodium", ["sodium"]), ("Potassium", ["potassium"]), ("Calcium", ["calcium"]), ("Iron", ["iron"]),
            ("Magnesium", ["magnesium"]), ("Phosphorus", ["phosphorus"]), ("Zinc", ["zinc"]), ("Copper", ["copper"]),
            ("Manganese", ["manganese"]), ("Selenium", ["selenium"]), ("Chromium", ["chromium"]),
            ("Molybdenum", ["molybdenum"]), ("Iodine", ["iodine"]), ("Chloride", ["chloride"]),
            ("VitaminA", ["vitamina"]), ("VitaminB6", ["vitaminb6"]), ("VitaminB12", ["vitaminb12"]),
            ("VitaminC", ["vitaminc"]), ("VitaminD", ["vitamind"]), ("VitaminE", ["vitamine"]), ("VitaminK", ["vitamink"]),
            ("Thiamin", ["thiamin", "thiamine"]), ("Riboflavin", ["riboflavin"]), ("Niacin", ["niacin"]),
            ("Folate", ["folate", "folicacid"]), ("Biotin", ["biotin"]), ("PantothenicAcid", ["pantothenicacid"]),
            ("Caffeine", ["caffeine"]), ("Water", ["water"]),
        ]
        var table: [String: String] = [:]
        for (identifier, aliases) in names {
            for alias in aliases { table[alias] = "HKQuantityTypeIdentifierDietary" + identifier }
        }
        return table
    }()
}
