import Foundation
import Synchronization

/// Watches how much of the data file this process has mapped while a bulk append runs, and
/// lets it go past the whole-log budget (`MemoryPolicy.wholeLogBudget`), whichever thread mapped it.
///
/// Cursors let go as they walk, but a single fault can map a whole large folio of the page
/// cache, and reads between two of a walk's looks can map a lot (see docs/performance.md,
/// "MapWarden").
final class MapWarden {
    private let state = WardenState()
    static let interval: useconds_t = 2_000

    /// `pause` waits between two looks: `interval` unless a test moves the warden on itself.
    init(_ environment: Environment, pause: @escaping @Sendable () -> Void = { usleep(MapWarden.interval) }) {
        // A warden watches bulk work only: a bulk append or a replay.
        environment.beginWholeLogWork()
        let state = state
        // The thread only calls `releaseMappedPagesIfDue`, which takes the environment's map lock.
        let watched = UnsafeTransfer(environment)
        // The thread holds the state, not the warden, so that dropping the warden stops it.
        let thread = Thread {
            nameCurrentThread("map-warden")
            while !state.stopped.load(ordering: .relaxed) {
                pause()
                watched.value.releaseMappedPagesIfDue()
            }
            state.ended.signal()
        }
        thread.start()
    }

    /// Stops watching; returns once the watching thread has ended.
    func stop() {
        guard !state.stopped.exchange(true, ordering: .relaxed) else { return }
        state.ended.wait()
    }

    deinit { stop() }
}

private final class WardenState: Sendable {
    let stopped = Atomic<Bool>(false)
    let ended = DispatchSemaphore(value: 0)
}
