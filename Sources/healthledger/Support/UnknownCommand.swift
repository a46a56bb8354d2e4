import ArgumentParser
import LedgerCore

/// A word that names no command (`healthledger mod 7`, `healthledger export dayli DIR`), said
/// as such with the nearest command, where the parser would only count "unexpected arguments".
enum UnknownCommand {
    /// `arguments` as typed after `healthledger`, whose commands are `commands`.
    static func message(_ arguments: [String], known commands: [any ParsableCommand.Type]) -> String? {
        var typed = ["healthledger"]
        var commands = commands
        var hasDefault = false
        for word in arguments {
            guard !word.hasPrefix("-") else { return nil }
            let names = commands.flatMap(Self.names(of:)) + (typed.count == 1 ? ["help"] : [])
            guard let command = commands.first(where: { Self.names(of: $0).contains(word) }) else {
                if names.contains(word) { return nil }
                let near = Nearest.word(to: word, in: names)
                // A group with a default command may be given that command's own words:
                // only a near name says the word was meant as a command.
                guard near != nil || !hasDefault else { return nil }
                let group = typed.joined(separator: " ")
                let hint = near.map { " — did you mean '\($0)'?" } ?? ""
                return typed.count == 1
                    ? "unknown command '\(word)'\(hint) (`healthledger --help` lists the commands)"
                    : "unknown command '\(typed.dropFirst().joined(separator: " ")) \(word)'\(hint) (`\(group) --help` lists its commands)"
            }
            let configuration = command.configuration
            guard !configuration.subcommands.isEmpty else { return nil }
            typed.append(word)
            commands = configuration.subcommands
            hasDefault = configuration.defaultSubcommand != nil
        }
        return nil
    }

    private static func names(of command: any ParsableCommand.Type) -> [String] {
        [command._commandName] + command.configuration.aliases
    }
}
