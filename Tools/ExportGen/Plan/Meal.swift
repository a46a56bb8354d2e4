/// A logged meal: one food correlation and its four nutrient records.
struct Meal {
    /// MyFitnessPal's meal name: Breakfast, Lunch, Dinner or Snacks.
    let name: String
    let food: String
    let time: Int64
    /// When it was logged: the nutrient records and the correlation share this creation
    /// date, as the same records must look the same inside and outside the correlation.
    let logged: Int64
    let energy: Double
    let protein: Double
    let carbohydrates: Double
    let fat: Double

    /// `servings` is how much was eaten, as a multiple of the food's serving.
    init(name: String, food: Food, time: Int64, logged: Int64, servings: Double, foodName: String? = nil) {
        self.name = name
        self.food = foodName ?? food.name
        self.time = time
        self.logged = logged
        energy = (food.energy * servings).rounded()
        protein = (food.protein * servings * 10).rounded() / 10
        carbohydrates = (food.carbohydrates * servings * 10).rounded() / 10
        fat = (food.fat * servings * 10).rounded() / 10
    }
}
