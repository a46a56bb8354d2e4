/// The nutrients MyFitnessPal writes for each meal, each its own record type.
enum Nutrient: CaseIterable {
    case fat, carbohydrates, energy, protein

    var type: String {
        switch self {
        case .fat: "HKQuantityTypeIdentifierDietaryFatTotal"
        case .carbohydrates: "HKQuantityTypeIdentifierDietaryCarbohydrates"
        case .energy: "HKQuantityTypeIdentifierDietaryEnergyConsumed"
        case .protein: "HKQuantityTypeIdentifierDietaryProtein"
        }
    }

    var unit: String { self == .energy ? "kcal" : "g" }

    func amount(in meal: Meal) -> Double {
        switch self {
        case .fat: meal.fat
        case .carbohydrates: meal.carbohydrates
        case .energy: meal.energy
        case .protein: meal.protein
        }
    }
}
