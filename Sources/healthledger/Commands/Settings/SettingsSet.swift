import ArgumentParser
import LedgerCore

struct SettingsSet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Change a setting from its local day on: `settings set calorie.firstWeekday sunday` (null: the default).")
    @Argument(help: "The setting, e.g. calorie.dailyAdjustment (`settings` lists them).") var key: String
    // Unrecognized inputs rather than one argument, so that a negative number (-500) is a value, not an option.
    @Argument(parsing: .allUnrecognized, help: "Its new value: a number, a name, JSON ([…]) or null.") var values: [String] = []
    @Flag(help: "Store a key that no view reads.") var force = false
    @OptionGroup var entry: EntryOptions
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func run() throws {
        guard values.count == 1, let value = values.first else {
            throw ExitStatus.Failure(
                status: .invalidInput, message: "give one value after \(key) (got \(values.isEmpty ? "none" : values.joined(separator: " "))); quote a value with spaces")
        }
        let parsed: DocValue = value == "null" ? .null : FieldAssignment.value(value)
        let event = try entry.event(try SettingChanged(key: key, value: parsed).validated())
        try SettingCheck.check(event, force: force)
        try vault.store([event], output: output)
    }
}
