import LedgerCore
import Projections

/// What the report says beyond the daily metrics, gathered while the events stream into
/// `events.jsonl`: medications with their doses, and symptoms. It holds one entry per
/// medication and per symptom name, never per event, so it stays small.
struct ReportFacts {
    struct Medication {
        var frequency: String?
        var dosage: String?
        var doses = 0
        var daysWithDoses: Set<Int64> = []
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

    mutating func add(_ event: Event) {
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
        switch event.kind {
        case .medicationDefined:
            guard let defined = try? event.decode(MedicationDefined.self) else { return }
            medications[defined.name, default: Medication()].frequency = defined.frequency
            medications[defined.name, default: Medication()].dosage = defined.defaultDosage?.description
        case .doseTaken:
            guard let dose = try? event.decode(DoseTaken.self) else { return }
            medications[dose.medication, default: Medication()].doses += 1
            medications[dose.medication, default: Medication()].daysWithDoses.insert(day.number)
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
