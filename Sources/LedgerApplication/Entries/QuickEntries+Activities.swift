import Foundation
public import LedgerCore
public import LedgerStore
public import Projections

extension QuickEntries {
    /// Activities started together: at `timing`'s time, `ago` (20m, 1h30m) before now, or when
    /// the last activity stopped; each with its definition's tags and `tags`.
    public static func start(
        names: [String], tags: [String] = [], ago: String? = nil, fromLastStop: Bool = false, note: String? = nil,
        timing: EntryTiming, ledger: Ledger
    ) throws -> [Event] {
        guard !names.isEmpty else { throw EntryRejected("name the activity to start: `start Reading`") }
        guard names.count == 1 || timing.id == nil else {
            throw EntryRejected("--id names one event: start one activity with it, not \(names.count)")
        }
        var start: ZonedTime?
        if let ago { start = timing.zoned(Timestamp.now().adding(seconds: -Double(try EntryTiming.seconds(ago, flag: "--ago")))) }
        if fromLastStop {
            guard let lastStop = try ActivityLog.scan(ledger).lastStop else { throw EntryRejected("--from-last-stop: no activity has been stopped yet") }
            start = timing.zoned(lastStop)
        }
        let begin = try start ?? timing.time(timing.at)
        let definitions = try ActivityLog.definitionTags(ledger)
        return try names.map { name in
            let own = definitions.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value ?? []
            return try timing.event(ActivityStarted(name: name, note: note, tags: ActivityStarted.instanceTags(definition: own, extra: tags)).validated(), start: begin)
        }
    }

    /// Which running activities a stop ends, when, and its events.
    public struct Stopping {
        public let chosen: [ActivityLog.Running]
        public let time: ZonedTime
        public let events: [Event]
    }

    /// Stops the activity called `name`, the last started (`last`), every one (`all`), or the
    /// only one running.
    public static func stop(name: String?, all: Bool = false, last: Bool = false, timing: EntryTiming, ledger: Ledger) throws -> Stopping {
        let running = try VaultApplication.runningActivities(ledger)
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
            throw EntryRejected(running.isEmpty ? "no activity is running" : "several activities are running (\(names)): name one, or use --last or --all")
        }
        guard !chosen.isEmpty else {
            throw EntryRejected(name.map { "no running activity named '\($0)'" } ?? "no activity is running")
        }
        let stopTime = try timing.time(timing.at)
        let events = try chosen.map { running in
            try timing.event(ActivityStopped(name: running.name, startedBy: running.id).validated(), start: stopTime)
        }
        return Stopping(chosen: chosen, time: stopTime, events: events)
    }
}
