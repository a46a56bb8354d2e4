import LedgerCore
import LedgerStore
import Testing
@testable import Projections
import TestSupport

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

    @Test("a daily adjustment of −500 kcal lowers B from 2885 to 2385, from the day it is set")
    func dailyAdjustment() throws {
        let vault = try ScratchVault()
        _ = try steadyLoss(in: vault)
        try vault.ledger.append([event(SettingChanged(key: "calorie.dailyAdjustment", value: .int(-500)), 0)])
        let state = try ProjectionEngine.current(CalorieCreditView.self, ledger: vault.ledger).fold
        let budget = try state.budget(on: today)
        #expect(abs(budget.base - 2385) < 1e-6 && abs(budget.budget - 2385) < 1e-6)
        #expect(state.settings(on: LocalDay(number: today.number - 1)).dailyAdjustment == 0)
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

    @Test("replaying with v2 as the default lists the budgets that change; v2 finds the true 2500 kcal")
    func replayDiffBetweenAlgorithms() throws {
        // Alternating 2000 and 3000 kcal while the weight follows a true maintenance of 2500.
        var events: [Event] = []
        var kg = 80.0
        for daysBefore in stride(from: 28, through: 1, by: -1) {
            let eaten = daysBefore % 2 == 0 ? 2000.0 : 3000.0
            events.append(weight(kg, daysBefore))
            events.append(event(FoodLogged(name: "meals", kcal: eaten), daysBefore))
            kg += (eaten - 2500) / 7700
        }
        let old = try CalorieCreditViewState(load: { _ in nil }, defaultAlgorithm: 1)
        let new = try CalorieCreditViewState(load: { _ in nil }, defaultAlgorithm: 2)
        for event in events {
            try old.add(event)
            try new.add(event)
        }
        let before = try old.fold.budget(on: today), after = try new.fold.budget(on: today)
        #expect(before.algorithm == 1 && after.algorithm == 2)
        #expect(abs(after.budget - 2500) < 1e-6)
        #expect(abs(before.budget - 2500) > 10)
        let lines = try CalorieCreditView.describeChanges(from: old, to: new, keys: [CalorieCreditView.settingsKey])
        let head = try #require(lines.first)
        #expect(head.hasPrefix("calorie-credit v\(CalorieCreditView.version) changed the inputs of 0 days and the settings; budget changed on "))
        #expect(lines.count == 4)
        for line in lines.dropFirst() {
            let day = try #require(LocalDay(iso: String(line.dropFirst(2).prefix(10))))
            let delta = try new.fold.budget(on: day).budget - old.fold.budget(on: day).budget
            #expect(line == "  \(day): budget \(CalorieCreditView.signed(delta)) kcal")
        }
        let unchanged = try CalorieCreditView.describeChanges(from: new, to: new, keys: [CalorieCreditView.settingsKey])
        #expect(unchanged == ["calorie-credit v\(CalorieCreditView.version) changed the inputs of 0 days and the settings"])
    }
}
