import ArgumentParser
import LedgerCore
import LedgerStore
import Projections

struct Start: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start activities: `start Reading [--ago 20m | --from-last-stop] [--tag quiet]`, `start Walking Talking`.")
    @Argument(help: "The activities, each started at the same time.") var names: [String]
    @Option(name: .customLong("tag"), help: "A tag for these instances, beside their definitions' tags; repeat for several.") var tags: [String] = []
    @Option(help: "It started this long ago: 20m, 1h30m.") var ago: String?
    @Flag(help: "It started when the last activity stopped.") var fromLastStop = false
    @Option(help: "A note.") var note: String?
    @Flag(help: "An activity not defined yet, though its name is a letter or two from a defined one.") var new = false
    @OptionGroup var entry: EntryOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let defined = try ActivityLog.definitionTags(ledger).keys
        let undefined = try names.filter { try KnownNames.isUnknown($0, known: defined, isNew: new, what: "activity") }
        try vault.store(events(in: ledger), into: ledger)
        for name in undefined {
            print("'\(name)' is not a defined activity: stored as given (`append activity.defined name=\(name)` defines it, with tags)")
        }
    }

    func events(in ledger: Ledger) throws -> [Event] {
        guard !names.isEmpty else { throw ExitStatus.Failure(status: .invalidInput, message: "name the activity to start: `start Reading`") }
        guard names.count == 1 || entry.id == nil else {
            throw ExitStatus.Failure(status: .invalidInput, message: "--id names one event: start one activity with it, not \(names.count)")
        }
        var start: ZonedTime?
        if let ago { start = entry.zoned(Timestamp.now().adding(seconds: -Double(try TimeExpression.parseDuration(ago)))) }
        if fromLastStop {
            guard let lastStop = try ActivityLog.scan(ledger).lastStop else {
                throw ExitStatus.Failure(status: .invalidInput, message: "--from-last-stop: no activity has been stopped yet")
            }
            start = entry.zoned(lastStop)
        }
        let begin = try start ?? entry.time(entry.at)
        let definitions = try ActivityLog.definitionTags(ledger)
        return try names.map { name in
            let own = definitions.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value ?? []
            return try entry.event(ActivityStarted(name: name, note: note, tags: ActivityStarted.instanceTags(definition: own, extra: tags)).validated(), start: begin)
        }
    }
}

struct Stop: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Stop running activities: `stop Reading`, `stop --last`, `stop --all`.")
    @Argument(help: "The activity to stop.") var name: String?
    @Flag(help: "Stop every running activity.") var all = false
    @Flag(help: "Stop the most recently started one.") var last = false
    @OptionGroup var entry: EntryOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let (chosen, stopTime, events) = try stopping(in: ledger)
        let outcome = try ledger.append(events)
        for ((running, event), sequence) in zip(zip(chosen, events), outcome.appended) {
            let minutes = Int((stopTime.timestamp.seconds - running.start.seconds) / 60)
            print("stored \(EventReference.label(sequence, event.id)) activity.stopped \(running.name) after \(minutes) min")
        }
        vault.catchUpViews(ledger)
    }

    /// The running activities this stop ends, when, and its events.
    func stopping(in ledger: Ledger) throws -> (chosen: [ActivityLog.Running], time: ZonedTime, events: [Event]) {
        let running = try ActivityLog.scan(ledger).running
        let chosen: [ActivityLog.Running]
        if all {
            chosen = running
        } else if last {
            chosen = running.suffix(1)
        } else if let name {
            chosen = running.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.suffix(1)
        } else if running.count == 1 {
            chosen = running
        } else {
            let names = running.map(\.name).joined(separator: ", ")
            throw ExitStatus.Failure(status: .invalidInput,
                message: running.isEmpty ? "no activity is running" : "several activities are running (\(names)): name one, or use --last or --all")
        }
        guard !chosen.isEmpty else {
            throw ExitStatus.Failure(status: .invalidInput, message: "no running activity named '\(name ?? "")'")
        }
        let stopTime = try entry.time(entry.at)
        let events = try chosen.map { running in
            try entry.event(ActivityStopped(name: running.name, startedBy: running.id).validated(), start: stopTime)
        }
        return (chosen, stopTime, events)
    }
}
