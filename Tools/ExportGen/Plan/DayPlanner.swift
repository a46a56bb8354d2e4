import DemoData
import Foundation

/// Decides each day's plan from the seed and the day's index alone.
struct DayPlanner {
    let schedule: ExportSchedule

    /// Stream numbers for the planner's own generators, apart from the renderers'.
    enum Part: Int { case day = 1000, night, workout, meals, bouts }

    func plan(day index: Int) -> DayPlan {
        var random = SeededRandom(seed: schedule.settings.seed, stream: Part.day.rawValue, day: index)
        let date = schedule.date(ofDay: index)
        let zone = schedule.zone(onDay: index)
        let midnight = midnight(ofDay: index)
        let wake = midnight + random.seconds(date.isWeekend ? 8.4 * 3600 : 6.8 * 3600, deviation: date.isWeekend ? 2400 : 900)
        let workout = plannedWorkout(day: index, date: date, midnight: midnight, wake: wake)
        let steps = hourlySteps(date: date, midnight: midnight, wake: wake, workout: workout, random: &random)
        let energy = hourlyActiveEnergy(steps: steps, midnight: midnight, wake: wake, workout: workout, random: &random)
        let stood = steps.map { $0 > 200 ? random.chance(0.95) : random.chance(0.3) }
        let briskMinutes = steps.reduce(0) { $0 + ($1 > 2500 ? 6 : 0) }
        let trend = Double(index)
        let seasonal = (2 * Double.pi * Double(date.daysSinceEpoch) / 365.25)
        let weighed = random.chance(date.isWeekend ? 0.6 : 0.9)
        let weight = 68.2 + 1.1 * sin(seasonal + 0.7) - 0.0008 * trend + random.gaussian(mean: 0, deviation: 0.25)
        let systolic = random.gaussian(mean: 117, deviation: 6).rounded()
        let diastolic = random.gaussian(mean: 76, deviation: 5).rounded()
        return DayPlan(
            index: index, date: date, zone: zone, midnight: midnight, nextMidnight: self.midnight(ofDay: index + 1),
            bedtime: bedtime(nightEndingOn: index), wake: wake, nextBedtime: bedtime(nightEndingOn: index + 1),
            hourlySteps: steps, hourlyActiveEnergy: energy, stoodHours: stood,
            exerciseMinutes: Int(Double(workout?.movingSeconds ?? 0) / 60) + briskMinutes,
            workout: workout, meals: meals(day: index, date: date, midnight: midnight, wake: wake, workout: workout),
            restingHeartRate: 57 + 1.5 * sin(seasonal) - 0.0015 * min(trend, 2000) + random.gaussian(mean: 0, deviation: 1),
            weight: weighed ? (weight * 10).rounded() / 10 : nil,
            bloodPressure: schedule.hasBloodPressure(onDay: index) ? (systolic, diastolic, wake + 900 + random.seconds(300, deviation: 120)) : nil,
            electrocardiogram: schedule.hasElectrocardiogram(onDay: index) ? midnight + random.seconds(10.5 * 3600, deviation: 1800) : nil,
            phone: schedule.trip.contains(index) ? Person.renamedPhone : Person.phone)
    }

    /// Local midnight of day `index` in the zone the person is in that day.
    func midnight(ofDay index: Int) -> Int64 {
        let days = schedule.firstDay + Int64(index)
        let zone = schedule.zone(onDay: index)
        let offset = zone.offset(at: days * 86400 - Int64(zone.standardOffset))
        return days * 86400 - Int64(offset)
    }

    /// Later on Friday and Saturday nights; drawn from its own generator so that the day
    /// before can know it.
    func bedtime(nightEndingOn index: Int) -> Int64 {
        var random = SeededRandom(seed: schedule.settings.seed, stream: Part.night.rawValue, day: index)
        let lateNight = schedule.date(ofDay: index).isWeekend
        return midnight(ofDay: index) + random.seconds(lateNight ? -0.3 * 3600 : -1 * 3600, deviation: lateNight ? 2400 : 1500)
    }
}
