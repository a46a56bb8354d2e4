import Foundation
import LedgerCore
import LedgerStore

/// Which activities are running, from the log (started, not yet stopped or retracted).
public enum ActivityLog {
    public struct Running {
        public let id: EventID
        public let name: String
        public let start: Timestamp
    }

    /// Each defined activity's tags, from its latest definition.
    public static func definitionTags(_ ledger: Ledger) throws -> [String: [String]] {
        var tags: [String: [String]] = [:]
        for current in try CurrentView.build(ledger, include: { $0.kind == .activityDefined }) where !current.isRetracted {
            if let defined = try? current.event.decode(ActivityDefined.self) { tags[defined.name] = defined.tags }
        }
        return tags
    }

    public static func scan(_ ledger: Ledger) throws -> (running: [Running], lastStop: Timestamp?) {
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
