import ArgumentParser
import LedgerCore
import LedgerStore

struct Start: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Start an activity: `start Reading [--ago 20m | --from-last-stop]`.")
    @Argument(help: "The activity.") var name: String
    @Option(help: "It started this long ago: 20m, 1h30m.") var ago: String?
    @Flag(help: "It started when the last activity stopped.") var fromLastStop = false
    @Option(help: "A note.") var note: String?
    @OptionGroup var entry: EntryOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        var start: Timestamp?
        if let ago { start = Timestamp.now().adding(seconds: -Double(try TimeExpression.parseDuration(ago))) }
        if fromLastStop {
            let ledger = try vault.openLedger()
            guard let lastStop = try ActivityLog.scan(ledger).lastStop else {
                throw ExitStatus.Failure(status: .invalidInput, message: "--from-last-stop: no activity has been stopped yet")
            }
            start = lastStop
        }
        try vault.store([entry.event(try ActivityStarted(name: name, note: note).validated(), start: start)])
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
        let outcome = try ledger.append(events)
        for (running, sequence) in zip(chosen, outcome.appended) {
            let minutes = Int((stopTime.seconds - running.start.seconds) / 60)
            print("stored #\(sequence) activity.stopped \(running.name) after \(minutes) min")
        }
        vault.catchUpViews(ledger)
    }
}

/// Which activities are running, from the log (started, not yet stopped or retracted).
enum ActivityLog {
    struct Running {
        let id: EventID
        let name: String
        let start: Timestamp
    }

    static func scan(_ ledger: Ledger) throws -> (running: [Running], lastStop: Timestamp?) {
        let kinds: Set<EventKind> = [.activityStarted, .activityStopped, .eventRetracted]
        var running: [Running] = []
        var lastStop: Timestamp?
        for current in try CurrentView.build(ledger, include: { kinds.contains($0.kind) }) where !current.isRetracted {
            let event = current.event
            if let started = try? event.decode(ActivityStarted.self) {
                running.append(Running(id: event.id, name: started.name, start: event.start))
            } else if let stopped = try? event.decode(ActivityStopped.self) {
                let index = stopped.startedBy.flatMap { id in running.firstIndex { $0.id == id } }
                    ?? running.firstIndex { $0.name.caseInsensitiveCompare(stopped.name) == .orderedSame }
                if let index { running.remove(at: index) }
                lastStop = max(lastStop ?? event.start, event.start)
            }
        }
        return (running, lastStop)
    }
}
