import Foundation
import LedgerCore
import LedgerStore
import PropertyBased
import Testing
@testable import Dashboard

/// What the change feed promises its streams: every change once and in order, one size held
/// for a slow reader, an end when their time is up, the server stops or their page goes away.
@Suite("Dashboard: the change feed")
struct ChangeFeedTests {
    @Test("a page reading along hears each change once, in order; a page that reads late holds only the newest size")
    func fanOut() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0...4).array(of: 1...40)) { steps in
            let feed = ChangeFeed()
            let far = ContinuousClock.now + .seconds(3_600)
            let prompt = feed.subscribe(until: far)
            let late = feed.subscribe(until: far)
            var promptSizes = prompt.sizes.makeAsyncIterator()
            var last: UInt64?
            var expected: [UInt64] = []
            var heard: [UInt64] = []
            for step in steps {
                let size = UInt64(step)
                feed.check { size }
                if size != last {
                    expected.append(size)
                    heard.append(await promptSizes.next() ?? .max)
                }
                last = size
            }
            feed.stop()
            #expect(await promptSizes.next() == nil, "nothing but the changes")
            #expect(heard == expected)
            var lateHeard: [UInt64] = []
            for await size in late.sizes { lateHeard.append(size) }
            #expect(lateHeard == Array(expected.suffix(1)))
            #expect(feed.subscriberCount == 0)
        }
    }

    @Test("a stream ends at the first look at the log after its time is up, and is forgotten; the others go on")
    func streamsEndInTime() async {
        let feed = ChangeFeed()
        let start = ContinuousClock.now
        let short = feed.subscribe(until: start + .seconds(60))
        let long = feed.subscribe(until: start + .seconds(120))
        feed.check(now: start + .seconds(59)) { 1 }
        #expect(feed.subscriberCount == 2)
        feed.check(now: start + .seconds(60)) { 1 }
        #expect(feed.subscriberCount == 1)
        var shortSizes: [UInt64] = []
        for await size in short.sizes { shortSizes.append(size) }
        #expect(shortSizes == [1])
        feed.check(now: start + .seconds(61)) { 2 }
        feed.unsubscribe(long.id)
        #expect(feed.subscriberCount == 0)
        var longSizes: [UInt64] = []
        for await size in long.sizes { longSizes.append(size) }
        #expect(longSizes == [2], "unread, 1 gave way to 2")
    }

    @Test("once the feed stops, its streams end, and a stream opened later ends at once with the last size")
    func stopEndsStreams() async {
        let feed = ChangeFeed()
        let open = feed.subscribe(until: .now + .seconds(60))
        feed.check { 7 }
        feed.stop()
        var sizes: [UInt64] = []
        for await size in open.sizes { sizes.append(size) }
        #expect(sizes == [7])
        let later = feed.subscribe(until: .now + .seconds(60))
        #expect(later.size == 7)
        var laterSizes: [UInt64] = []
        for await size in later.sizes { laterSizes.append(size) }
        #expect(laterSizes.isEmpty && feed.subscriberCount == 0)
    }

    @Test("pages that have gone are forgotten as the log grows: a write to a closed connection fails (TCP tells of the close on the write after the first)")
    func closedPagesAreForgotten() async throws {
        let dashboard = try await DashboardHarness()
        let cookie = try await dashboard.signIn()
        let streams = try (0..<3).map { _ in try dashboard.openEventStream(cookie: cookie) }
        for stream in streams { await stream.waitForSizes(1, within: 10) }
        #expect(dashboard.server.changes.subscriberCount == 3)
        for stream in streams { await stream.close() }
        for _ in 0..<3 where dashboard.server.changes.subscriberCount > 0 {
            try dashboard.server.vault.with { _ = try $0.append([Event(MoodRated(rating: 5), start: .now(), utcOffset: 0)]) }
            let deadline = Date().addingTimeInterval(3)
            while dashboard.server.changes.subscriberCount > 0, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(dashboard.server.changes.subscriberCount == 0)
        await dashboard.stop()
    }
}
