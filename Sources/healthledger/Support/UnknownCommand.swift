import ArgumentParser
import LedgerCore

/// A first word that names no command (`healthledger mod 7`), said as such with the nearest
/// command, where the parser would only count "unexpected arguments".
enum UnknownCommand {
    static func message(_ arguments: [String], known commands: [any ParsableCommand.Type]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let names = commands.flatMap { [$0._commandName] + $0.configuration.aliases } + ["help"]
        guard !names.contains(first) else { return nil }
        let hint = Nearest.word(to: first, in: names).map { " — did you mean '\($0)'?" } ?? ""
        return "unknown command '\(first)'\(hint) (`healthledger --help` lists the commands)"
    }
}
