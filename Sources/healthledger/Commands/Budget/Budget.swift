import ArgumentParser
import Foundation
import LedgerApplication
import LedgerCore
import Projections

struct Budget: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "budget",
        abstract: "Today's calorie budget: maintenance from weight and intake, the week's credit, macros.",
        discussion: "Settings (append setting.changed key=… value=…): calorie.firstWeekday, calorie.dailyAdjustment, calorie.algorithm (1 or 2), calorie.targets.protein / .carbs / .fat (grams a day).")
    @Option(help: "The day (YYYY-MM-DD, \"yesterday\"); default: today.") var date: String?
    @Flag(help: "As JSON: one object, or with --week one per day, or with --explain the object and its steps.") var json = false
    @Flag(help: "A table of the week, one row per day.") var week = false
    @Flag(help: "Every input and every step of the formula, with numbers.") var explain = false
    @Option(help: "Compute with algorithm 1 or 2 instead of the calorie.algorithm setting.") var algorithm: Int?
    @OptionGroup var view: ViewOptions
    @OptionGroup var vault: VaultOptions

    func validate() throws {
        if let algorithm, ![1, 2].contains(algorithm) { throw ValidationError("--algorithm must be 1 or 2") }
        if week, explain { throw ValidationError("choose one of --week and --explain (either takes --json)") }
    }

    func run() throws {
        let ledger = try vault.openLedger()
        let day = try Self.day(date)
        let state = try view.state(CalorieCreditView.self, ledger: ledger, part: .days(CalorieBudget.daysRead(on: day))).fold
        let budget = try state.budget(on: day, algorithm: algorithm)
        if week {
            try json ? printWeekJSON(budget, state: state) : printWeek(budget, state: state)
        } else if explain, json {
            var document = budget.document
            document["explanation"] = .array(budget.explanation.map(DocValue.string))
            print(JSONWriter.string(document))
        } else if explain {
            for line in budget.explanation { print(line) }
        } else if json {
            print(JSONWriter.string(budget.document))
        } else {
            for line in budget.summary { print(line) }
        }
    }

    static func day(_ text: String?) throws -> LocalDay {
        guard let text else { return LocalTime.today }
        do {
            return try LocalTime.day(text)
        } catch {
            throw ExitStatus.Failure(status: .invalidInput, message: "--date \(text): give a day like 2026-03-30 or \"yesterday\"")
        }
    }

    /// One row per day of the week holding the budget's day; later days are blank.
    private func printWeek(_ budget: CalorieBudget, state: CalorieCreditState) throws {
        print("week of \(budget.week[0].day) (algorithm v\(budget.algorithm), weeks start \(budget.settings.firstWeekday))")
        print("date        day  eaten  budget  credit  protein  carbs  fat")
        for offset in 0..<7 {
            let day = LocalDay(number: budget.week[0].day.number + Int64(offset))
            let label = "\(day)  \(String(String(describing: Weekday(day)).prefix(3)))"
            guard day <= budget.day else { print(label); continue }
            let that = try state.budget(on: day, algorithm: algorithm)
            let inputs = that.today
            print([
                label, pad(inputs.energy.map(CalorieBudget.kcalText) ?? "-", 5), pad(CalorieBudget.kcalText(that.budget), 6), pad(CalorieBudget.kcalText(that.credit.credit), 6),
                pad(inputs.protein.map(CalorieBudget.gramsText) ?? "-", 7), pad(inputs.carbs.map(CalorieBudget.gramsText) ?? "-", 5), pad(inputs.fat.map(CalorieBudget.gramsText) ?? "-", 4),
            ].joined(separator: "  "))
        }
    }

    /// The week's days so far, one budget object per line, as `budget --json` prints one.
    private func printWeekJSON(_ budget: CalorieBudget, state: CalorieCreditState) throws {
        for offset in 0..<7 {
            let day = LocalDay(number: budget.week[0].day.number + Int64(offset))
            guard day <= budget.day else { break }
            print(JSONWriter.string(try state.budget(on: day, algorithm: algorithm).document))
        }
    }

    private func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
}
