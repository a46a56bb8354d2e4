import ArgumentParser
import Foundation
import LedgerApplication
import LedgerCore
import LedgerStore
import Projections

struct SessionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Group a heart-rate and a breathing measurement with the symptoms felt, as one sitting.",
        discussion: "session start · measure heart-rate finger.csv · measure breathing chest.csv · session add Headache --severity 2 · session end (measurements and symptoms join the open session)",
        subcommands: [SessionStart.self, SessionAdd.self, SessionEnd.self, SessionSymptoms.self])
}

struct SessionStart: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a session; prints its id.")
    @Option(help: "A note.") var note: String?
    @OptionGroup var entry: EntryOptions
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let event = try entry.event(ActivityStarted(name: VitalsSession.activityName, note: note).validated())
        let application = try vault.application()
        let outcome = try application.append([event])
        // The session is named by the id of the event that started it.
        if output.json { return try output.printStored([event], outcome, in: application.ledger) { _ in ["session": .string(event.id.description)] } }
        let sequence = outcome.appended.first
        let number = sequence.map { "#\($0), " } ?? ""
        print("session \(String(event.id.description.prefix(8))) started at \(event.start.iso8601(utcOffset: event.utcOffset)) (\(number)id \(event.id))")
    }
}

struct SessionAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Record a symptom in a session (the open one unless --session names one).")
    @Argument(help: "The symptom: one of `session symptoms`, or any other name.") var symptom: String
    @Option(help: "0 absent, 1 mild, 2 moderate, 3 severe (or the word).") var severity = "1"
    @Option(help: "A note.") var note: String?
    @Option(help: "The session (the start of its id); default: the open one.") var session: String?
    @OptionGroup var entry: EntryOptions
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let level = try SymptomSeverity(option: severity)
        let ledger = try vault.openLedger()
        let state = try SessionLookup.current(ledger)
        let target = try SessionLookup.find(session, in: state)
        let name = SymptomCatalog.canonical(symptom, known: try SessionSymptoms.used(state))
        let payload = try SymptomReported(name: name, severity: level, note: note, session: target.id).validated()
        let event = try entry.event(payload)
        let outcome = try vault.application(ledger).append([event])
        let isPredefined = SymptomCatalog.predefined.contains(name)
        if output.json {
            return try output.printStored([event], outcome, in: ledger) { _ in ["session": .string(target.id), "predefined": .bool(isPredefined)] }
        }
        let known = isPredefined ? "" : " (not in the predefined list: recorded as given)"
        print("session \(target.shortID): \(name) \(level)\(known)")
    }
}

struct SessionEnd: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "end", abstract: "End a session (the open one unless an id is given).")
    @Argument(help: "The session (the start of its id); default: the open one.") var session: String?
    @OptionGroup var entry: EntryOptions
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let target = try SessionLookup.find(session, in: SessionLookup.current(ledger))
        guard target.isOpen, let startedBy = EventID(hex: target.id) else {
            throw ExitStatus.Failure(status: .invalidInput, message: "session \(target.shortID) is not open (it has ended or was never started)")
        }
        let event = try entry.event(ActivityStopped(name: VitalsSession.activityName, startedBy: startedBy).validated())
        let outcome = try vault.application(ledger).append([event])
        if output.json { return try output.printStored([event], outcome, in: ledger) { _ in ["session": .string(target.id)] } }
        print("session \(target.shortID) ended")
    }
}

struct SessionSymptoms: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "symptoms", abstract: "The symptoms to pick from: the predefined list and any recorded before.")
    @Flag(help: "One JSON array.") var json = false
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let used = try Self.used(SessionLookup.current(try vault.openLedger()))
        let names = SymptomCatalog.predefined + used.filter { !SymptomCatalog.predefined.contains($0) }
        if json {
            var text = ""
            JSONWriter.write(.array(names.map(DocValue.string)), into: &text)
            print(text)
        } else {
            for name in names { print(name) }
        }
    }

    /// Names recorded in sessions so far, in order of first use.
    static func used(_ state: VitalsViewState) throws -> [String] {
        var names: [String] = []
        for session in try state.allSessions() {
            for symptom in session.symptoms where !names.contains(symptom.name) { names.append(symptom.name) }
        }
        return names
    }
}
