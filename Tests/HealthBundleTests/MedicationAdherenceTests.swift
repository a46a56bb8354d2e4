import LedgerCore
import Projections
import PropertyBased
import Testing
@testable import HealthBundle

/// The dashboard's adherence table counts doses as the health report does: one function, fed
/// from the query index there and from the event stream here.
@Suite struct MedicationAdherenceTests {
    static let period = LocalDay(iso: "2026-03-01")!...LocalDay(iso: "2026-03-30")!
    static let frequencies = ["1x daily", "twice daily", "every 8 hours", "weekly", "as needed", "at bedtime"]

    @Test("a daily medication started mid-period: due from its start, taken on 10 of 15 days")
    func dueFromTheStart() {
        let table = MedicationAdherence.table(
            definitions: [.init(name: "Iron", frequency: "daily", startedOn: "2026-03-16", definedOn: LocalDay(iso: "2026-02-20")!),
                          .init(name: "Ibuprofen", frequency: "as needed", startedOn: nil, definedOn: LocalDay(iso: "2026-02-20")!)],
            doses: (15..<30).filter { $0 % 3 != 0 }.map { ("Iron", LocalDay(number: Self.period.lowerBound.number + Int64($0))) } + [("Ibuprofen", Self.period.lowerBound)],
            in: Self.period)
        let iron = table.first { $0.name == "Iron" }
        #expect(iron?.scheduledDays == 15)
        #expect(iron?.dosesDue == 15)
        #expect(iron?.dosesTaken == 10)
        #expect(iron?.daysTaken == 10)
        #expect(iron?.adherence == 10.0 / 15)
        let ibuprofen = table.first { $0.name == "Ibuprofen" }
        #expect(ibuprofen?.dosesDue == nil && ibuprofen?.adherence == nil && ibuprofen?.dosesTaken == 1)
    }

    /// A medication with a frequency and start offset (days before the period's end), and dose days within the period.
    static let cases = zip(Gen.int(in: 0..<frequencies.count), Gen.int(in: 0...40), Gen.int(in: 0...29).array(of: 0...40))

    @Test("the table gives the report's numbers for any frequency, start and doses")
    func sameAsTheReport() async {
        await propertyCheck(input: Self.cases) { frequency, startBack, doseDays in
            let definedOn = LocalDay(number: Self.period.upperBound.number - Int64(startBack))
            let offset: Int32 = 3600
            var facts = ReportFacts()
            facts.add(Event(MedicationDefined(name: "M", frequency: Self.frequencies[frequency]), start: definedOn.midnight(utcOffset: offset).adding(seconds: 3600), utcOffset: offset))
            let doses = doseDays.map { ("M", LocalDay(number: Self.period.lowerBound.number + Int64($0))) }
            for (_, day) in doses { facts.add(Event(DoseTaken(medication: "M"), start: day.midnight(utcOffset: offset).adding(seconds: 7200), utcOffset: offset)) }
            let report = facts.medications["M"]!
            let row = MedicationAdherence.table(
                definitions: [.init(name: "M", frequency: Self.frequencies[frequency], startedOn: nil, definedOn: definedOn)], doses: doses, in: Self.period)[0]
            #expect(row.dosesTaken == report.doses(in: Self.period))
            #expect(row.daysTaken == report.daysTaken(in: Self.period))
            #expect(row.scheduledDays == report.scheduledDays(in: Self.period))
            #expect(row.adherence == report.adherence(in: Self.period))
            if let due = row.dosesDue, due > 0 { #expect(row.adherence == min(1, Double(row.dosesTaken) / due)) }
        }
    }
}
