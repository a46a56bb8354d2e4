import ArgumentParser

struct Settings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "The settings in force and since when; `settings set KEY VALUE` changes one.",
        subcommands: [SettingsList.self, SettingsSet.self], defaultSubcommand: SettingsList.self)
}
