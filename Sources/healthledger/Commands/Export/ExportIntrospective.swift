import ArgumentParser
import Foundation
import HealthImport
import LedgerCore
import LedgerStore

/// `export activities|medications|moods FILE.csv`, in Introspective's own CSV layout.
enum IntrospectiveCSVExport {
    enum What: String { case activities, medications, moods }

    static func write(_ what: What, to file: String, json: Bool, vault: VaultOptions) throws {
        let ledger = try vault.openLedger()
        let kinds: Set<EventKind> = switch what {
        case .activities: [.activityDefined, .activityStarted, .activityStopped]
        case .medications: [.medicationDefined, .doseTaken]
        case .moods: [.moodRated]
        }
        let events = try CurrentView.build(ledger) { kinds.contains($0.kind) }.filter { !$0.isRetracted }.map(\.event)
        let text = switch what {
        case .activities: IntrospectiveExport.activities(events)
        case .medications: IntrospectiveExport.medications(events)
        case .moods: IntrospectiveExport.moods(events)
        }
        PlaintextExport.warn(file)
        try PrivateFile.writeOutput(text, to: file)
        if json {
            print(JSONWriter.string(Document([("file", .string(file)), ("what", .string(what.rawValue)), ("events", .int(Int64(events.count)))])))
        } else {
            print("wrote \(file): \(what.rawValue) in Introspective's CSV layout, from \(events.count) events")
        }
    }
}

struct ExportActivities: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "activities", abstract: "Write activities as Introspective's CSV export.")
    @Argument(help: "The CSV file to write.", completion: .file(extensions: ["csv"])) var file: String
    @Flag(help: "Print the summary as one JSON object.") var json = false
    @OptionGroup var vault: VaultOptions
    func run() throws { try IntrospectiveCSVExport.write(.activities, to: file, json: json, vault: vault) }
}

struct ExportMedications: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "medications", abstract: "Write medication doses (with their medications) as Introspective's CSV export.")
    @Argument(help: "The CSV file to write.", completion: .file(extensions: ["csv"])) var file: String
    @Flag(help: "Print the summary as one JSON object.") var json = false
    @OptionGroup var vault: VaultOptions
    func run() throws { try IntrospectiveCSVExport.write(.medications, to: file, json: json, vault: vault) }
}

struct ExportMoods: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "moods", abstract: "Write moods as Introspective's CSV export.")
    @Argument(help: "The CSV file to write.", completion: .file(extensions: ["csv"])) var file: String
    @Flag(help: "Print the summary as one JSON object.") var json = false
    @OptionGroup var vault: VaultOptions
    func run() throws { try IntrospectiveCSVExport.write(.moods, to: file, json: json, vault: vault) }
}
