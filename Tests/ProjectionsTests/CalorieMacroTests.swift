import LedgerCore
import Testing
@testable import Projections

@Suite("Calorie budget macros: today and the week so far against targets")
struct CalorieMacroTests {
    func event<P: EventPayload>(_ payload: P, _ iso: String) -> Event {
        Event(payload, start: LocalDay(iso: iso)!.midnight(utcOffset: 0), utcOffset: 0)
    }

    @Test("protein 30 g Monday and 40 g Tuesday against 120 g a day: today 40 / 120, week 70 / 240")
    func macrosAgainstTargets() throws {
        let state = try CalorieCreditViewState(load: { _ in nil })
        for event in [
            event(SettingChanged(key: "calorie.targets.protein", value: .int(120)), "2026-03-01"),
            event(SettingChanged(key: "calorie.targets.fat", value: .double(70.5)), "2026-03-01"),
            event(FoodLogged(name: "eggs", kcal: 600, protein: 30, carbs: 200, fat: 50), "2026-03-30"),
            event(FoodLogged(name: "fish", kcal: 300, protein: 40), "2026-03-31"),
            event(SampleRecorded(type: "HKQuantityTypeIdentifierDietaryFatTotal", value: 5000, unit: "mg"), "2026-03-31"),
        ] { try state.add(event) }
        let macros = try state.fold.budget(on: LocalDay(iso: "2026-03-31")!).macros
        #expect(macros == [
            MacroProgress(nutrient: .protein, today: 40, week: 70, dailyTarget: 120, days: 2),
            MacroProgress(nutrient: .carbs, today: 0, week: 200, dailyTarget: nil, days: 2),
            MacroProgress(nutrient: .fat, today: 5, week: 55, dailyTarget: 70.5, days: 2),
        ])
        #expect(macros[0].weekTarget == 240 && macros[1].weekTarget == nil)
    }

    @Test("a target set back to null is no target")
    func targetReset() throws {
        let state = try CalorieCreditViewState(load: { _ in nil })
        try state.add(event(SettingChanged(key: "calorie.targets.carbs", value: .int(250)), "2026-03-01"))
        try state.add(event(SettingChanged(key: "calorie.targets.carbs", value: .null), "2026-03-20"))
        #expect(state.fold.settings(on: LocalDay(iso: "2026-03-10")!).targets[.carbs] == 250)
        #expect(state.fold.settings(on: LocalDay(iso: "2026-03-25")!).targets[.carbs] == nil)
    }
}
