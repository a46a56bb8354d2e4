import Dispatch
import Synchronization

/// A warden's pause that the test ends, one round at a time, instead of a clock.
final class WardenTicks: Sendable {
    private let parked = DispatchSemaphore(value: 0)
    private let resumed = DispatchSemaphore(value: 0)
    private let released = Atomic<Bool>(false)

    /// The warden's pause: says it is waiting, then waits for the test's next round.
    func pause() {
        guard !released.load(ordering: .relaxed) else { return }
        parked.signal()
        resumed.wait()
    }

    /// Lets the warden make one look and returns once it waits again.
    func round() {
        parked.wait()
        resumed.signal()
        parked.wait()
        // Still waiting, for the next round.
        parked.signal()
    }

    /// Pauses end at once from now on, so that `stop()` finds the warden awake.
    func release() {
        released.store(true, ordering: .relaxed)
        resumed.signal()
    }
}
