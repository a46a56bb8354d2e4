import Dispatch
import Foundation
import LedgerCore
import LedgerStore
import Synchronization
import Testing
@testable import Dashboard

/// What open pages hear of the log, and what the server answers while the vault is busy.
@Suite("Dashboard: live updates and vault work off the request threads")
struct LiveUpdateTests {
    @Test("an open page hears the log's size as the page script reads it: the first size with the retry time, then each new size")
    func wireFormat() async throws {
        let dashboard = try await DashboardHarness()
        let cookie = try await dashboard.signIn()
        let size = try dashboard.logSize()
        let stream = try dashboard.openEventStream(cookie: cookie)
        await stream.waitForSizes(1, within: 10)
        // An append the server did not make, as a CLI entry in another process would be.
        try dashboard.server.vault.with { _ = try $0.append([Event(MoodRated(rating: 5), start: .now(), utcOffset: 0)]) }
        await stream.waitForSizes(2, within: 10)
        #expect(stream.head.hasPrefix("HTTP/1.1 200"), "\(stream.head)")
        #expect(stream.head.lowercased().contains("content-type: text/event-stream"), "\(stream.head)")
        #expect(stream.messages == ["retry: 500\nevent: size\ndata: \(size)\n\n", "event: size\ndata: \(size + 1)\n\n"])
        await stream.close()
        await dashboard.stop()
    }

    @Test("however many pages are open, the log's size is read once per check, not once per page")
    func oneReadPerCheck() async throws {
        let dashboard = try await DashboardHarness()
        let cookie = try await dashboard.signIn()
        let streams = try (0..<6).map { _ in try dashboard.openEventStream(cookie: cookie) }
        for stream in streams { #expect(await stream.waitForSizes(1, within: 10).count == 1) }
        let readsBefore = dashboard.server.vault.sizeReads
        let start = ContinuousClock.now
        try await Task.sleep(for: .seconds(2))
        let reads = dashboard.server.vault.sizeReads - readsBefore
        // Checks are at least an interval apart: at most this many fit in the time measured.
        let checks = Int((ContinuousClock.now - start) / dashboard.server.configuration.changeCheckInterval) + 1
        #expect(reads <= checks, "\(reads) size reads for \(checks) checks with \(streams.count) pages open")
        for stream in streams { await stream.close() }
        await dashboard.stop()
    }

    @Test("an entry made on the dashboard reaches open pages at once, without waiting for the next check of the log")
    func entryNotifiesAtOnce() async throws {
        // Checks an hour apart: only the entry itself can tell the open page.
        let dashboard = try await DashboardHarness(changeCheckInterval: .seconds(3_600))
        let cookie = try await dashboard.signIn()
        let token = try await dashboard.csrf(cookie: cookie)
        let stream = try dashboard.openEventStream(cookie: cookie)
        let before = try #require(await stream.waitForSizes(1, within: 10).first)
        // A refused entry stores nothing and tells nobody.
        #expect(try await dashboard.post("/entry", form: "kind=mood&rating=x&csrf=\(token)", cookie: cookie).status == 200)
        #expect(try await dashboard.post("/entry", form: "kind=mood&rating=6&csrf=\(token)", cookie: cookie).status == 200)
        #expect(await stream.waitForSizes(2, within: 10) == [before, before + 1])
        await stream.close()
        await dashboard.stop()
    }

    @Test("a server stopping (here after --idle) ends the open pages' streams instead of waiting for them to end by themselves")
    func shutdownEndsStreams() async throws {
        let dashboard = try await DashboardHarness(idleSeconds: 2)
        let cookie = try await dashboard.signIn()
        let stream = try dashboard.openEventStream(cookie: cookie)
        await stream.waitForSizes(1, within: 10)
        // Well short of a stream's own lifetime.
        #expect(await dashboard.hasStopped(within: LiveUpdates.streamLifetime / .seconds(4)), "an open stream held the server")
        let deadline = Date().addingTimeInterval(5)
        while !stream.ended, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(stream.ended && stream.body.hasSuffix("\n\n"))
        await stream.close()
    }

    @Test("while page renders wait for the vault (a slow fold holding it), a static asset is still answered")
    func assetsAnsweredWhileRendersWait() async throws {
        let dashboard = try await DashboardHarness()
        let cookie = try await dashboard.signIn()
        let holder = VaultHolder(dashboard.server.vault)
        try await holder.waitUntilHolding()
        // More renders than this machine runs tasks at once: each of them waits for the vault.
        let waiting = ProcessInfo.processInfo.activeProcessorCount + 1
        let paths = ["/", "/metrics", "/weight", "/sleep", "/vitals", "/models", "/timeline", "/query", "/history"]
        let pages = Task {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<waiting { group.addTask { try await dashboard.get(paths[index % paths.count], cookie: cookie).status } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
        }
        // Time for the renders to reach the vault's lock.
        try await Task.sleep(for: .seconds(1))
        let asset = try await dashboard.get("/assets/app.css", cookie: cookie)
        let answeredWhileHeld = holder.isHolding
        holder.release()
        #expect(asset.status == 200)
        #expect(answeredWhileHeld, "the asset was answered only once the renders had the vault")
        #expect(try await pages.value == Array(repeating: 200, count: waiting))
        await dashboard.stop()
    }
}

/// Holds the vault's lock on a thread of its own, as a slow fold does, until released (20 s at most).
final class VaultHolder: Sendable {
    private let holding = Atomic(false)
    private let released = DispatchSemaphore(value: 0)

    init(_ vault: VaultSession) {
        Thread { [self] in
            try? vault.with { _ in
                holding.store(true, ordering: .sequentiallyConsistent)
                _ = released.wait(timeout: .now() + 20)
                holding.store(false, ordering: .sequentiallyConsistent)
            }
        }.start()
    }

    var isHolding: Bool { holding.load(ordering: .sequentiallyConsistent) }

    func waitUntilHolding() async throws {
        while !isHolding { try await Task.sleep(for: .milliseconds(10)) }
    }

    func release() { released.signal() }
}
