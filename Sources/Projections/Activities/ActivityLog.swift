import Foundation
public import LedgerCore
public import LedgerStore

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
        for current in try ledger.currentEvents(ofKinds: [.activityDefined]) where !current.isRetracted {
            if let defined = try? current.event.decode(ActivityDefined.self) { tags[defined.name] = defined.tags }
        }
        return tags
    }

    /// The running activities and the latest stop, from their index: no record is opened.
    public static func scan(_ ledger: Ledger) throws -> (running: [Running], lastStop: Timestamp?) {
        let activities = try ledger.runningActivities()
        return (activities.running.map { Running(id: $0.id, name: $0.name, start: $0.start) }, activities.lastStop)
    }
}
