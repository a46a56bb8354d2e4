import ArgumentParser
import LedgerApplication
import LedgerCore
import LedgerStore
import Projections

struct Start: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start activities: `start Reading [--ago 20m | --from-last-stop] [--tag quiet]`, `start Walking Talking`.")
    @Argument(help: "The activities, each started at the same time.") var names: [String]
    @Option(name: .customLong("tag"), help: "A tag for these instances, beside their definitions' tags; repeat for several.") var tags: [String] = []
    @Option(help: "It started this long ago: 20m, 1h30m.") var ago: String?
    @Flag(help: "It started when the last activity stopped.") var fromLastStop = false
    @Option(help: "A note.") var note: String?
    @Flag(help: "An activity not defined yet, though its name is a letter or two from a defined one.") var new = false
    @OptionGroup var entry: EntryOptions
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let defined = try ActivityLog.definitionTags(ledger).keys
        let undefined = try names.map { try KnownNames.isUnknown($0, known: defined, isNew: new, what: "activity") }
        // One event per name, in the order given.
        let events = try events(in: ledger)
        var notices: [EventID: String] = [:]
        for (index, name) in names.enumerated() where undefined[index] {
            notices[events[index].id] = "'\(name)' is not a defined activity: stored as given (`append activity.defined name=\(name)` defines it, with tags)"
        }
        try vault.store(events, into: ledger, output: output, newNames: notices, idsDrawnAtRandom: entry.timing.idsDrawnAtRandom)
    }

    func events(in ledger: Ledger) throws -> [Event] {
        try QuickEntries.start(names: names, tags: tags, ago: ago, fromLastStop: fromLastStop, note: note, timing: entry.timing, ledger: ledger)
    }
}

struct Stop: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop running activities: `stop Reading`, `stop --last`, `stop --all`.")
    @Argument(help: "The activity to stop.") var name: String?
    @Flag(help: "Stop every running activity.") var all = false
    @Flag(help: "Stop the most recently started one.") var last = false
    @OptionGroup var entry: EntryOptions
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let stopping = try QuickEntries.stop(name: name, all: all, last: last, timing: entry.timing, ledger: ledger)
        let outcome = try vault.application(ledger).append(stopping.events, idsDrawnAtRandom: entry.timing.idsDrawnAtRandom)
        let minutes = stopping.chosen.map { Int((stopping.time.timestamp.seconds - $0.start.seconds) / 60) }
        if output.json {
            return try output.printStored(stopping.events, outcome, in: ledger) { ["minutes": .int(Int64(minutes[$0]))] }
        }
        for ((running, event), (sequence, minutes)) in zip(zip(stopping.chosen, stopping.events), zip(outcome.appended, minutes)) {
            print("stored \(EventReference.label(sequence, event.id)) activity.stopped \(running.name) after \(minutes) min")
        }
    }
}
