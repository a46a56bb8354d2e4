import Foundation
import LedgerStore
import Synchronization

/// The latest audit this server ran, for the badge on Today.
final class LastAudit: Sendable {
    private let latest = Mutex<(at: Date, records: UInt64, clean: Bool)?>(nil)

    func record(_ report: AuditReport) {
        latest.withLock { $0 = (Date(), UInt64(report.recordsChecked), report.isClean) }
    }

    var value: (at: Date, records: UInt64, clean: Bool)? {
        latest.withLock { $0 }
    }
}
