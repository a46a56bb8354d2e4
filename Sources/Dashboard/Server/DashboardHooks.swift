import Foundation
import Charts
import LedgerCore
import LedgerStore
import Projections
import Query

/// What the dashboard borrows from the CLI so that a page says exactly what a command says:
/// the same entry validation and events, the same shown numbers, the same budget lines and charts.
public struct DashboardHooks: Sendable {
    /// The events a quick entry stands for, built by the command of the same name; throws
    /// `EntryRejected` with the command's message when the input is not valid.
    public var recordEntry: @Sendable (QuickEntry, Ledger) throws -> [Event]
    /// A daily value as `daily` prints it.
    public var shownValue: @Sendable (Double, MetricColumn) -> Double
    /// The budget's lines as `budget` prints them.
    public var budgetLines: @Sendable (CalorieBudget) -> [String]
    /// A query result as `chart` draws it, or why it cannot be drawn.
    public var queryChart: @Sendable (QueryResult, String) -> Result<Chart, EntryRejected>
    /// The activities started and not yet stopped, as `stop` finds them.
    public var runningActivities: @Sendable (Ledger) throws -> [(name: String, start: Timestamp)]
    /// An event's one-line summary, as `log` prints it.
    public var eventSummary: @Sendable (Event) -> String

    public init(
        recordEntry: @escaping @Sendable (QuickEntry, Ledger) throws -> [Event],
        shownValue: @escaping @Sendable (Double, MetricColumn) -> Double,
        budgetLines: @escaping @Sendable (CalorieBudget) -> [String],
        queryChart: @escaping @Sendable (QueryResult, String) -> Result<Chart, EntryRejected>,
        runningActivities: @escaping @Sendable (Ledger) throws -> [(name: String, start: Timestamp)],
        eventSummary: @escaping @Sendable (Event) -> String
    ) {
        self.recordEntry = recordEntry
        self.shownValue = shownValue
        self.budgetLines = budgetLines
        self.queryChart = queryChart
        self.runningActivities = runningActivities
        self.eventSummary = eventSummary
    }
}

/// One quick-entry form as sent: which entry (`mood`, `dose`…) and its fields.
public struct QuickEntry: Sendable {
    public let kind: String
    public let fields: [String: String]

    public init(kind: String, fields: [String: String]) {
        self.kind = kind
        self.fields = fields
    }

    /// A field with its surrounding blanks removed; nil when empty.
    public subscript(_ name: String) -> String? {
        fields[name].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// Input a page refuses, with the message a person reads.
public struct EntryRejected: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
