import LedgerCore
import Projections

/// What the report says beyond the daily metrics, gathered while the events stream into
/// `events.jsonl`: medications with their doses, and symptoms. It holds one entry per
/// medication and per symptom name, never per event, so it stays small.
struct ReportFacts {
    struct Medication {
        var frequency: String?
        var dosage: String?
        /// From `startedOn`, else the day the definition was made.
        var startDay: LocalDay?
        var dosesByDay: [Int64: Int] = [:]

        /// Doses taken within `days`.
        func doses(in days: ClosedRange<LocalDay>) -> Int {
            dosesByDay.reduce(0) { total, entry in days.contains(LocalDay(number: entry.key)) ? total + entry.value : total }
        }

        /// Days of `days` with at least one dose, counting only days the schedule had begun
        /// when there is one.
        func daysTaken(in days: ClosedRange<LocalDay>) -> Int {
            let first = scheduledFrom(days).map(\.number) ?? days.lowerBound.number
            return dosesByDay.keys.filter { $0 >= first && $0 <= days.upperBound.number }.count
        }

        /// The days of `days` on which the schedule asks for a dose: every day from the start
        /// for daily and more often, every seventh day from the start for weekly; nil for
        /// `as needed` or a frequency that cannot be read.
        func scheduledDays(in days: ClosedRange<LocalDay>) -> Int? {
            guard let perDay = ReportFacts.dosesPerDay(frequency), let first = scheduledFrom(days) else { return nil }
            guard first <= days.upperBound else { return 0 }
            let span = Int(days.upperBound.number - first.number + 1)
            guard perDay < 1 else { return span }
            let every = Int64((1 / perDay).rounded())
            let anchor = startDay?.number ?? first.number
            return (first.number...days.upperBound.number).filter { ($0 - anchor) % every == 0 }.count
        }

        /// The first day of `days` the schedule covers; nil when there is no schedule.
        private func scheduledFrom(_ days: ClosedRange<LocalDay>) -> LocalDay? {
            guard ReportFacts.dosesPerDay(frequency) != nil else { return nil }
            return max(days.lowerBound, startDay ?? days.lowerBound)
        }

        /// The doses the frequency asks for on the scheduled days of `days`; nil without a schedule.
        func dosesDue(in days: ClosedRange<LocalDay>) -> Double? {
            guard let perDay = ReportFacts.dosesPerDay(frequency), let scheduled = scheduledDays(in: days) else { return nil }
            return perDay >= 1 ? perDay * Double(scheduled) : Double(scheduled)
        }

        /// Doses taken / doses the frequency asks for on the scheduled days, capped at 100 %.
        func adherence(in days: ClosedRange<LocalDay>) -> Double? {
            guard let due = dosesDue(in: days), due > 0 else { return nil }
            return min(1, Double(doses(in: days)) / due)
        }
    }

    struct Symptom {
        var count = 0
        var worst = 0
        var last: LocalDay?
    }

    var eventsByKind: [EventKind: Int] = [:]
    var firstDay: LocalDay?
    var lastDay: LocalDay?
    var medications: [String: Medication] = [:]
    var symptoms: [String: Symptom] = [:]
    /// The `ratings.scale` setting made last, with the time it was made.
    private(set) var ratingScale = RatingScale.standard
    private var ratingScaleSetAt = Int64.min

    mutating func add(_ event: Event) {
        count(event)
        fold(event)
    }

    /// The event as one of the bundle's `events.jsonl`: its kind counted, its day in the period.
    mutating func count(_ event: Event) {
        eventsByKind[event.kind, default: 0] += 1
        let day = LocalDay(event.start, utcOffset: event.utcOffset)
        switch event.kind {
        // Settings, definitions and amendments are dated when they were made, not when
        // anything happened to the person: they do not stretch the report's period.
        case .settingChanged, .medicationDefined, .activityDefined, .eventCorrected, .eventRetracted, .subjectErased: break
        default:
            firstDay = min(firstDay ?? day, day)
            lastDay = max(lastDay ?? day, day)
        }
    }

    /// The event as it reads now into the medications, symptoms and rating scale.
    mutating func fold(_ event: Event) {
        let day = LocalDay(event.start, utcOffset: event.utcOffset)
        switch event.kind {
        case .settingChanged:
            guard let setting = try? event.decode(SettingChanged.self), setting.key == RatingScale.settingKey,
                  let scale = RatingScale(setting: setting.value), event.start.micros >= ratingScaleSetAt
            else { return }
            (ratingScale, ratingScaleSetAt) = (scale, event.start.micros)
        case .medicationDefined:
            guard let defined = try? event.decode(MedicationDefined.self) else { return }
            medications[defined.name, default: Medication()].frequency = defined.frequency
            medications[defined.name, default: Medication()].dosage = defined.defaultDosage?.description
            medications[defined.name, default: Medication()].startDay = MedicationAdherence.Definition.startDay(startedOn: defined.startedOn, definedOn: day)
        case .doseTaken:
            guard let dose = try? event.decode(DoseTaken.self) else { return }
            medications[dose.medication, default: Medication()].dosesByDay[day.number, default: 0] += 1
        case .symptomReported:
            guard let symptom = try? event.decode(SymptomReported.self) else { return }
            var entry = symptoms[symptom.name, default: Symptom()]
            entry.count += 1
            entry.worst = max(entry.worst, symptom.severity.rawValue)
            entry.last = max(entry.last ?? day, day)
            symptoms[symptom.name] = entry
        default: break
        }
    }

    /// Doses expected per day for the frequencies people write (`daily`, `twice daily`,
    /// `2x/day`, `every 8 hours`, `weekly`); nil for `as needed` or anything else, whose
    /// adherence cannot be judged.
    static func dosesPerDay(_ frequency: String?) -> Double? {
        guard let text = frequency?.lowercased() else { return nil }
        if text.contains("as needed") || text.contains("prn") { return nil }
        if text.contains("weekly") || text.contains("week") { return 1.0 / 7 }
        if let hours = text.firstMatch(of: /every\s+(\d+)\s*h/)?.1, let every = Double(hours), every > 0 { return 24 / every }
        if let times = text.firstMatch(of: /(\d+)\s*(x|times)/)?.1, let count = Double(times) { return count }
        let words = ["once": 1.0, "twice": 2, "three times": 3, "four times": 4]
        for (word, count) in words where text.contains(word) { return count }
        if text.contains("daily") || text.contains("day") || text.contains("bedtime") || text.contains("morning") { return 1 }
        return nil
    }
}
