/// One serving of something the person eats, with what MyFitnessPal records for it.
struct Food {
    let name: String
    let energy: Double
    let protein: Double
    let carbohydrates: Double
    let fat: Double

    static let breakfasts = [
        Food(name: "Overnight oats", energy: 380, protein: 14, carbohydrates: 58, fat: 9),
        Food(name: "Müsli with yoghurt", energy: 420, protein: 16, carbohydrates: 62, fat: 11),
        Food(name: "Bagel & cream cheese", energy: 360, protein: 12, carbohydrates: 50, fat: 12),
        Food(name: "Scrambled eggs on toast", energy: 410, protein: 22, carbohydrates: 30, fat: 21),
    ]
    static let lunches = [
        Food(name: "Chicken salad", energy: 520, protein: 38, carbohydrates: 24, fat: 28),
        Food(name: "Lentil soup", energy: 450, protein: 24, carbohydrates: 62, fat: 10),
        Food(name: "Mac & cheese", energy: 690, protein: 26, carbohydrates: 78, fat: 30),
        Food(name: "Falafel wrap", energy: 610, protein: 20, carbohydrates: 72, fat: 26),
    ]
    static let dinners = [
        Food(name: "Salmon, rice & broccoli", energy: 640, protein: 42, carbohydrates: 60, fat: 22),
        Food(name: "Spaghetti bolognese", energy: 720, protein: 34, carbohydrates: 88, fat: 24),
        Food(name: "Vegetable curry", energy: 580, protein: 16, carbohydrates: 74, fat: 22),
        Food(name: "Fish & chips", energy: 840, protein: 32, carbohydrates: 86, fat: 40),
    ]
    static let snacks = [
        Food(name: "Apple", energy: 95, protein: 0.5, carbohydrates: 25, fat: 0.3),
        Food(name: "Almonds", energy: 170, protein: 6, carbohydrates: 6, fat: 15),
        Food(name: "Dark chocolate", energy: 230, protein: 3, carbohydrates: 18, fat: 16),
    ]
}
