import Foundation
import HealthImport
import LedgerCore
import LedgerStore

/// The record that a folder delivered (`watch`, `import health-auto-export`), for `sources`.
///
/// Appended right after the import's own commits, in a transaction of its own: a folder import
/// stores in several transactions, and the count of what it stored is known only after the
/// last. A process ended between the two keeps every reading and lacks only this line.
enum FolderDelivery {
    static func record(_ summary: ImportSummary, apps: [String: Int64], folder: String, ledger: Ledger) throws {
        let name = URL(fileURLWithPath: folder).standardizedFileURL.path
        let delivery = DeliveryReceived(channel: "folder", name: name, readings: Int64(summary.read), stored: Int64(summary.appended), apps: apps)
        try ledger.append([Event(delivery, start: .now(), utcOffset: 0, source: .cli)])
    }
}
