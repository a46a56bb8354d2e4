import DemoData

extension DayPlanner {
    /// Breakfast soon after waking, lunch, dinner (after an evening workout) and sometimes a
    /// snack, each logged in MyFitnessPal.
    func meals(day index: Int, date: CivilDate, midnight: Int64, wake: Int64, workout: PlannedWorkout?) -> [Meal] {
        var random = SeededRandom(seed: schedule.settings.seed, stream: Part.meals.rawValue, day: index)
        var meals: [Meal] = []
        func logged(_ time: Int64) -> Int64 { time + random.seconds(900, deviation: 600, minimum: 30) }
        let breakfast = random.pick(Food.breakfasts)
        // A stray control character (U+0001) pasted into a food's name, as real exports have.
        let pasted = schedule.settings.quirks && index % 13 == 4 ? breakfast.name + "\u{01}" : nil
        let breakfastTime = wake + random.seconds(2400, deviation: 600, minimum: 600)
        meals.append(Meal(name: "Breakfast", food: breakfast, time: breakfastTime, logged: logged(breakfastTime),
                          servings: serving(&random), foodName: pasted))
        let lunch = midnight + random.seconds(12.6 * 3600, deviation: 1200)
        meals.append(Meal(name: "Lunch", food: random.pick(Food.lunches), time: lunch, logged: logged(lunch), servings: serving(&random)))
        if random.chance(0.5) {
            let snack = midnight + random.seconds(16 * 3600, deviation: 1800)
            meals.append(Meal(name: "Snacks", food: random.pick(Food.snacks), time: snack, logged: logged(snack), servings: serving(&random)))
        }
        var dinner = midnight + random.seconds(19.3 * 3600, deviation: 1800)
        if let workout, workout.end > dinner - 1800, workout.start < dinner { dinner = workout.end + 2400 }
        meals.append(Meal(name: "Dinner", food: random.pick(Food.dinners), time: dinner, logged: logged(dinner), servings: serving(&random)))
        return meals
    }

    private func serving(_ random: inout SeededRandom) -> Double {
        (min(1.6, max(0.6, random.gaussian(mean: 1, deviation: 0.15))) * 20).rounded() / 20
    }
}
