import Foundation
import LedgerApplication
import LedgerCore
import LedgerStore

/// One quick-entry form as sent: which entry (`mood`, `dose`…) and its fields, turned into
/// the typed entry the command of the same name builds.
struct QuickEntry {
    let kind: String
    let fields: [String: String]

    /// A field with its surrounding blanks removed; nil when empty.
    subscript(_ name: String) -> String? {
        fields[name].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The events the entry stands for; throws `EntryRejected` with the command's message
    /// when a field is not valid.
    func events(ledger: Ledger) throws -> [Event] {
        let timing = EntryTiming(at: self["at"])
        switch kind {
        case "mood": return try QuickEntries.mood(rating: number(argument: "rating"), note: self["note"], timing: timing)
        case "fatigue": return try QuickEntries.fatigue(rating: number(argument: "rating"), note: self["note"], timing: timing)
        case "symptom":
            return try QuickEntries.symptom(name: text(argument: "name"), severity: self["severity"] ?? "1", note: self["note"], timing: timing)
        case "dose":
            return try QuickEntries.dose(medication: text(argument: "medication"), dosage: self["dosage"], note: self["note"], timing: timing, ledger: ledger)
        case "food":
            return try QuickEntries.food(
                name: text(argument: "name"), kcal: number(option: "kcal"), protein: number(option: "protein"), carbs: number(option: "carbs"),
                fat: number(option: "fat"), meal: self["meal"], note: self["note"], timing: timing)
        case "weight": return try QuickEntries.weight(self["weight"] ?? "", timing: timing)
        case "start": return try QuickEntries.start(names: [text(argument: "name")], timing: timing, ledger: ledger)
        case "stop": return try QuickEntries.stop(name: self["name"], last: self["name"] == nil, timing: timing, ledger: ledger).events
        default: throw EntryRejected("no quick entry is called \(kind)")
        }
    }

    // The messages below are the ones the commands' argument parser gives for the same input.

    private func text(argument name: String) throws -> String {
        guard let value = self[name] else { throw EntryRejected("Missing expected argument '<\(name)>'") }
        return value
    }

    private func number(argument name: String) throws -> Double {
        let value = try text(argument: name)
        guard let number = Double(value) else { throw EntryRejected("The value '\(value)' is invalid for '<\(name)>'") }
        return number
    }

    private func number(option name: String) throws -> Double? {
        guard let value = self[name] else { return nil }
        guard let number = Double(value) else { throw EntryRejected("The value '\(value)' is invalid for '--\(name) <\(name)>'") }
        return number
    }
}
