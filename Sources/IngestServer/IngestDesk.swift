import Foundation
import HealthImport
public import LedgerApplication
import LedgerCore
import LedgerStore
import Synchronization

/// The open vault behind the listener: one request's reads and writes at a time, on a thread
/// of its own, so blocking LMDB work never runs on the server's event loops and two
/// overlapping windows are resolved one after the other.
public final class IngestDesk: Sendable {
    /// Used only on `queue`; the lock, never contended, is what lets the compiler check that.
    private let application: Mutex<VaultApplication>
    private let queue = DispatchQueue(label: "healthledger.ingest.vault")

    public init(_ application: sending VaultApplication) {
        self.application = Mutex(application)
    }

    /// The token in force whose text is `secret`, read from the log now: a token revoked by
    /// another command while the listener runs is refused from its next request.
    func token(presenting secret: String) async throws -> IngestToken? {
        try await run { application in try IngestTokens(application.ledger).token(presenting: secret) }
    }

    /// Stores `body` whole, with its delivery, in one durable transaction; returns once it is.
    /// Its events are made and sealed a slice at a time (`HealthAutoExportDelivery.sliceSize`),
    /// so what waits for the commit is their compressed bytes.
    func store(_ body: String, from token: IngestToken) async throws -> IngestReceipt {
        try await run { application in
            let delivered = Timestamp.now()
            let (delivery, outcome) = try application.appendInSlices { append in
                let delivery = try HealthAutoExportDelivery(text: body, from: "request body", delivered: delivered, ledger: application.ledger) {
                    try append.add($0)
                }
                let received = DeliveryReceived(
                    channel: "listener", name: token.name, token: token.id, readings: Int64(delivery.readings),
                    stored: Int64(delivery.readings - delivery.held), apps: delivery.apps)
                try append.add([Event(received, start: delivered, utcOffset: 0, source: .ingestListener)])
                return delivery
            }
            var held = ImportSummary()
            held.countHeld(underAnotherID: outcome.heldUnderAnotherID)
            return IngestReceipt(readings: delivery.readings, stored: outcome.appended.count - 1, alreadyStored: outcome.duplicates,
                                 alreadyStoredFrom: held.heldFromOtherImports,
                                 unmapped: delivery.summary.notes.filter { $0.key.contains("(unmapped)") }.values.reduce(0, +),
                                 notImported: delivery.notImported)
        }
    }

    private func run<T: Sendable>(_ body: @escaping @Sendable (VaultApplication) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try self.application.withLock { try body($0) } }) }
        }
    }
}

/// What one request stored, as its answer says.
struct IngestReceipt: Sendable {
    var readings: Int
    var stored: Int
    var alreadyStored: Int
    /// Of those, the records another importer stored first under its own id, by where from (`Apple Health`).
    var alreadyStoredFrom: [String: Int]
    var unmapped: Int
    /// A line for each array of the payload this version does not read.
    var notImported: [String]
}

extension Source {
    /// The listener's own records (a delivery), apart from the readings it brought.
    static let ingestListener = Source(name: "healthledger-ingest")
}
