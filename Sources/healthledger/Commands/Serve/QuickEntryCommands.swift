import ArgumentParser
import Dashboard
import LedgerCore
import LedgerStore

/// A dashboard form turned into the arguments of the command of the same name, parsed and
/// validated by that command, so a page stores exactly what the CLI stores.
enum QuickEntryCommands {
    static func events(_ entry: QuickEntry, ledger: Ledger) throws -> [Event] {
        do {
            switch entry.kind {
            case "mood": return try Mood.parse(arguments(entry, positional: ["rating"], options: ["note"])).events()
            case "fatigue": return try Fatigue.parse(arguments(entry, positional: ["rating"], options: ["note"])).events()
            case "symptom": return try Symptom.parse(arguments(entry, positional: ["name"], options: ["severity", "note"])).events()
            case "dose": return try Take.parse(arguments(entry, positional: ["medication", "dosage"], options: ["note"])).events(in: ledger)
            case "food": return try Eat.parse(arguments(entry, positional: ["name"], options: ["kcal", "protein", "carbs", "fat", "meal", "note"])).events()
            // `weigh` reads every word it does not know as the weight (so -5kg reaches its bounds check): no `--`.
            case "weight": return try Weigh.parse(arguments(entry, positional: [], options: []) + (entry["weight"].map { [$0] } ?? [])).events()
            case "start": return try Start.parse(arguments(entry, positional: ["name"], options: ["note"])).events(in: ledger)
            case "stop":
                let name = entry["name"].map { [$0] } ?? ["--last"]
                return try Stop.parse(name + arguments(entry, positional: [], options: [])).stopping(in: ledger).events
            default: throw EntryRejected("no quick entry is called \(entry.kind)")
            }
        } catch let rejected as EntryRejected {
            throw rejected
        } catch let failure as ExitStatus.Failure {
            throw EntryRejected(failure.message)
        } catch {
            throw EntryRejected(HealthLedgerCommand.message(for: error))
        }
    }

    /// Positional fields first (each may hold several words, like "200 mg"), then `--option value`
    /// for each filled option, then `--at` when given. `--` keeps a value like "-5kg" a value.
    static func arguments(_ entry: QuickEntry, positional: [String], options: [String]) -> [String] {
        var flags: [String] = []
        for option in options + ["at"] {
            if let value = entry[option] { flags += ["--\(option)=\(value)"] }
        }
        let values = positional.flatMap { name in entry[name].map { [$0] } ?? [] }
        return flags + (values.isEmpty ? [] : ["--"] + values)
    }
}
