import LedgerCore
import Synchronization

/// The sequences of the last events a process found by id. Only a shortcut: a sequence
/// read from here is used only if the record there carries the id (`Ledger.event(id:)`).
final class FoundIDs: Sendable {
    /// Enough for the targets of one command's amendments; past it, the table starts over.
    static let capacity = 256

    private let sequences = Mutex<[EventID: UInt64]>([:])

    func sequence(of id: EventID) -> UInt64? { sequences.withLock { $0[id] } }

    func remember(_ id: EventID, at sequence: UInt64) {
        sequences.withLock { held in
            if held.count >= Self.capacity { held.removeAll(keepingCapacity: true) }
            held[id] = sequence
        }
    }
}
