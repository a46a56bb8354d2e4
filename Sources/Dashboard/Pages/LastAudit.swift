import Foundation
import LedgerStore

/// The latest audit this server ran, for the badge on Today.
final class LastAudit: @unchecked Sendable {
    private let lock = NSLock()
    private var latest: (at: Date, records: UInt64, clean: Bool)?

    func record(_ report: AuditReport) {
        lock.lock()
        latest = (Date(), UInt64(report.recordsChecked), report.isClean)
        lock.unlock()
    }

    var value: (at: Date, records: UInt64, clean: Bool)? {
        lock.lock()
        defer { lock.unlock() }
        return latest
    }
}
