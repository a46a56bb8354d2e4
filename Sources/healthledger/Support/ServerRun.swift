import Foundation

/// A server's async run, waited for by a synchronous command (`serve`, `ingest serve`).
enum ServerRun {
    /// Runs `body` until it returns (Ctrl-C, SIGTERM, idle); the error that ended it, if one did.
    static func untilStopped(_ body: @escaping @Sendable () async throws -> Void) -> (any Error)? {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await body()
            } catch {
                outcome.failure = error
            }
            done.signal()
        }
        done.wait()
        return outcome.failure
    }

    /// How the server's task ended, read after it has.
    private final class Outcome: @unchecked Sendable {
        // Unchecked: written by the server's task before its semaphore is signalled, read after.
        var failure: (any Error)?
    }
}
