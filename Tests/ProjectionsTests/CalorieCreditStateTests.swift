import LedgerCore
import Testing
@testable import Projections

/// The calorie-credit projection folded from a real ledger, with corrections and retractions.
@Suite("Calorie credit projection: inputs per day, corrections, retractions")
struct CalorieCreditStateTests {
    /// A Monday, so with the default first weekday its week has no earlier days.
    let today = LocalDay(iso: "2026-03-30")!

    func noon(_ daysBefore: Int) -> Timestamp {
        Timestamp(micros: LocalDay(number: today.number - Int64(daysBefore)).midnight(utcOffset: 0).micros + 12 * 3_600_000_000)
    }

    func event<P: EventPayload>(_ payload: P, _ daysBefore: Int) -> Event { Event(payload, start: noon(daysBefore), utcOffset: 0) }

    func weight(_ kg: Double, _ daysBefore: Int, unit: String = "kg") -> Event {
        event(SampleRecorded(type: "HKQuantityTypeIdentifierBodyMass", value: kg, unit: unit), daysBefore)
    }

    /// 28 days of 2500 kcal while losing 0.05 kg/day: v1 maintenance 2885 (see the v1 tests).
    func steadyLoss(in vault: ScratchVault) throws -> [Event] {
        var events = [event(SettingChanged(key: "calorie.algorithm", value: .int(1)), 40)]
        for daysBefore in 1...28 {
            events.append(event(FoodLogged(name: "meals", kcal: 2500, protein: 100), daysBefore))
            events.append(weight(80 - 0.05 * Double(28 - daysBefore), daysBefore))
        }
        try vault.ledger.append(events)
        return events
    }

    func budget(_ vault: ScratchVault) throws -> CalorieBudget {
        try ProjectionEngine.current(CalorieCreditView.self, ledger: vault.ledger).fold.budget(on: today)
    }

    @Test("correcting yesterday's food from 2500 to 3300 kcal raises the EWMA by 0.25·800 and the budget from 2885 to 3085")
    func correctionChangesBudget() throws {
        let vault = try ScratchVault()
        let events = try steadyLoss(in: vault)
        #expect(abs(try budget(vault).budget - 2885) < 1e-6)
        let yesterday = try #require(events.first { $0.kind == .foodLogged && $0.start == noon(1) })
        try vault.ledger.append([event(EventCorrected(target: yesterday.id, replacement: FoodLogged(name: "meals", kcal: 3300)), 0)])
        let corrected = try budget(vault)
        #expect(corrected.windowInputs.last?.energy == 3300)
        #expect(corrected.windowInputs.last?.protein == nil)
        #expect(abs(corrected.budget - 3085) < 1e-6)
    }

    @Test("retracting an outlying weight brings the slope back to −0.05 kg/day")
    func retractionChangesSlope() throws {
        let vault = try ScratchVault()
        _ = try steadyLoss(in: vault)
        let outlier = weight(95, 1)
        try vault.ledger.append([outlier])
        let skewed = try #require(try budget(vault).estimate.slope)
        #expect(skewed > 0)
        try vault.ledger.append([event(EventRetracted(target: outlier.id), 0)])
        let slope = try #require(try budget(vault).estimate.slope)
        #expect(abs(slope + 0.05) < 1e-12)
    }

    @Test("a food correlation's copy is not counted again; pounds become kilograms")
    func correlationAndUnits() throws {
        let vault = try ScratchVault()
        let sample = SampleRecorded(type: "HKQuantityTypeIdentifierDietaryEnergyConsumed", value: 600, unit: "kcal")
        let protein = SampleRecorded(type: "HKQuantityTypeIdentifierDietaryProtein", value: 30, unit: "g")
        let correlation = CorrelationRecorded(type: "HKCorrelationTypeIdentifierFood", samples: [
            CorrelatedSample(type: sample.type, value: 600, unit: "kcal"), CorrelatedSample(type: protein.type, value: 30, unit: "g"),
        ])
        try vault.ledger.append([event(sample, 1), event(protein, 1), event(correlation, 1), event(FoodLogged(name: "tea", kcal: 40), 1), weight(176.3698, 1, unit: "lb")])
        let state = try ProjectionEngine.current(CalorieCreditView.self, ledger: vault.ledger).fold
        let inputs = try state.inputs(for: LocalDay(number: today.number - 1))
        #expect(inputs.energy == 640)
        #expect(inputs.protein == 30)
        #expect(abs(try #require(inputs.bodyMass) - 80) < 1e-4)
    }

    @Test("weeks starting Sunday give Monday one earlier day: credit 2885 − 2500 spread over 6 days")
    func sundayWeek() throws {
        let vault = try ScratchVault()
        _ = try steadyLoss(in: vault)
        #expect(try budget(vault).credit.daysElapsed == 0)
        try vault.ledger.append([event(SettingChanged(key: "calorie.firstWeekday", value: .string("sunday")), 2)])
        let budget = try budget(vault)
        #expect(budget.credit.daysElapsed == 1)
        #expect(abs(budget.credit.credit - 385) < 1e-6)
        #expect(abs(budget.budget - (2885 + 385.0 / 6)) < 1e-6)
    }

    @Test("incremental folding and a full replay store identical bytes")
    func replayIsIdentical() throws {
        let vault = try ScratchVault()
        let events = try steadyLoss(in: vault)
        _ = try ProjectionEngine.current(CalorieCreditView.self, ledger: vault.ledger)
        try vault.ledger.append([event(EventCorrected(target: events[1].id, replacement: FoodLogged(name: "x", kcal: 1)), 0)])
        _ = try ProjectionEngine.current(CalorieCreditView.self, ledger: vault.ledger)
        let incremental = try vault.ledger.projectionStore(CalorieCreditView.name).allPartitions()
        let report = try ProjectionEngine.replay(CalorieCreditView.self, ledger: vault.ledger, dryRun: false)
        let replayed = try vault.ledger.projectionStore(CalorieCreditView.name).allPartitions()
        #expect(replayed.map(\.key) == incremental.map(\.key))
        #expect(replayed.map(\.value) == incremental.map(\.value))
        #expect(report.changedPartitions == 0)
    }
}
