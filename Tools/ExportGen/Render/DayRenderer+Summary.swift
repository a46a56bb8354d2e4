extension DayRenderer {
    /// The day's rings, from the same plan as the samples they sum.
    mutating func activitySummary(into writer: inout ExportXMLWriter) {
        let stood = (0..<24).filter { plan.hasStandHour($0) && plan.stoodHours[$0] }
        writer.beginElement()
        writer.text.append(" <ActivitySummary dateComponents=\"")
        writer.text.appendCalendarDate(plan.date)
        writer.text.append("\"")
        writer.quantityAttribute("activeEnergyBurned", plan.hourlyActiveEnergy.reduce(0, +), places: 3)
        writer.text.plainAttribute("activeEnergyBurnedGoal", plan.date.year >= 2024 ? "500" : "450")
        writer.text.plainAttribute("activeEnergyBurnedUnit", "kcal")
        writer.text.plainAttribute("appleMoveTime", "0")
        writer.text.plainAttribute("appleMoveTimeGoal", "0")
        writer.quantityAttribute("appleExerciseTime", Double(plan.exerciseMinutes), places: 0)
        writer.text.plainAttribute("appleExerciseTimeGoal", "30")
        writer.quantityAttribute("appleStandHours", Double(stood.count), places: 0)
        writer.text.plainAttribute("appleStandHoursGoal", "12")
        writer.text.append("/>\n")
        writer.endElement("ActivitySummary")
    }
}
