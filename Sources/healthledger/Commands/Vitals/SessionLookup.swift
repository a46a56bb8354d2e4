import Foundation
import LedgerStore
import Projections

/// Finds a session by the start of its id, or the open one when none is named.
enum SessionLookup {
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
