import Foundation
import LedgerCore
import LedgerStore
import Projections

/// Finds a session by the start of its id or the `#N` of the event that started it, or the
/// open one when none is named.
enum SessionLookup {
    static func find(_ named: String?, in state: VitalsViewState, ledger: Ledger) throws -> VitalsSession {
        guard let named, EventReference.sequence(named) != nil else { return try find(named, in: state) }
        let started = try EventReference.stored(ledger, named)
        guard let session = try state.session(matching: started.event.id.description).first else {
            throw ExitStatus.Failure(
                status: .invalidInput,
                message: "\(named) is a \(started.event.kind.rawValue), not the start of a session: see `healthledger history` for the sessions")
        }
        return session
    }

    static func find(_ prefix: String?, in state: VitalsViewState) throws -> VitalsSession {
        guard let prefix else {
            let open = try state.allSessions().filter(\.isOpen)
            guard let latest = open.last else {
                throw ExitStatus.Failure(status: .invalidInput, message: "no session is open: start one with `healthledger session start`, or name one (see `healthledger history`)")
            }
            return latest
        }
        let matches = try state.session(matching: prefix)
        switch matches.count {
        case 1: return matches[0]
        case 0: throw ExitStatus.Failure(status: .invalidInput, message: "no session id starts with '\(prefix)': see `healthledger history` for the ids")
        default:
            throw ExitStatus.Failure(
                status: .invalidInput, message: "'\(prefix)' starts \(matches.count) session ids (\(matches.map(\.shortID).joined(separator: ", "))): give more characters")
        }
    }

    /// The vitals view, brought up to date (commands that append read it as it is now).
    static func current(_ ledger: Ledger) throws -> VitalsViewState {
        do {
            return try ProjectionEngine.current(VitalsView.self, ledger: ledger)
        } catch let error as ProjectionVersionError {
            throw ExitStatus.Failure(status: .needsReplay, message: "\(error)")
        }
    }
}
