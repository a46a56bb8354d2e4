public import LedgerCore
import Projections

/// One medication's doses due and taken over some days, counted as the report's
/// "Medications and adherence" table counts them: days taken are days with a dose from the
/// schedule's start; doses due follow the frequency (`daily`, `2x/day`, `every 8 hours`,
/// `weekly`); adherence is taken ÷ due, capped at 100 %; `as needed` has neither.
public struct MedicationAdherence: Sendable, Equatable {
    public let name: String
    public let frequency: String?
    public let dosesTaken: Int
    public let daysTaken: Int
    /// Days the schedule asked for a dose; nil without a schedule.
    public let scheduledDays: Int?
    public let dosesDue: Double?
    /// 0…1; nil without a schedule or when nothing was due.
    public let adherence: Double?

    /// A medication as defined: its name, frequency and first day.
    public struct Definition: Sendable {
        public let name: String
        public let frequency: String?
        public let startDay: LocalDay

        /// The schedule starts on `startedOn` (YYYY-MM-DD) when given, else on the day of the definition.
        public init(name: String, frequency: String?, startedOn: String?, definedOn: LocalDay) {
            (self.name, self.frequency) = (name, frequency)
            startDay = Self.startDay(startedOn: startedOn, definedOn: definedOn)
        }

        static func startDay(startedOn: String?, definedOn: LocalDay) -> LocalDay {
            startedOn.flatMap { LocalDay(iso: $0) } ?? definedOn
        }
    }

    /// Every medication defined or taken, by name; of two definitions of one name the later
    /// in `definitions` counts, as in the report.
    public static func table(definitions: [Definition], doses: [(medication: String, day: LocalDay)], in days: ClosedRange<LocalDay>) -> [MedicationAdherence] {
        var medications: [String: ReportFacts.Medication] = [:]
        for definition in definitions {
            medications[definition.name, default: .init()].frequency = definition.frequency
            medications[definition.name, default: .init()].startDay = definition.startDay
        }
        for dose in doses { medications[dose.medication, default: .init()].dosesByDay[dose.day.number, default: 0] += 1 }
        return medications.sorted { $0.key < $1.key }.map { name, medication in
            MedicationAdherence(
                name: name, frequency: medication.frequency, dosesTaken: medication.doses(in: days), daysTaken: medication.daysTaken(in: days),
                scheduledDays: medication.scheduledDays(in: days), dosesDue: medication.dosesDue(in: days), adherence: medication.adherence(in: days))
        }
    }
}
