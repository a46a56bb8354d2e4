public import LedgerStore
public import Projections

extension VaultApplication {
    /// The activities started and not yet stopped (nor retracted), oldest first: what `stop`,
    /// the dashboard and the vitals session look for. One function, so that an index of
    /// running activities can answer it without reading the log.
    public static func runningActivities(_ ledger: Ledger) throws -> [ActivityLog.Running] {
        try ActivityLog.scan(ledger).running
    }
}
