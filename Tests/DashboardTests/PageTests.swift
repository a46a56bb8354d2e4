import Charts
import Foundation
import LedgerCore
import LedgerStore
import Projections
import Query
import Testing
@testable import Dashboard

/// What pages promise about their input and about staying current.
@Suite("Dashboard pages: as-of input, cached pages")
struct PageTests {
    @Test("an as-of that is no date, time or count is a 400 page that says what to give; good ones are drawn")
    func asOfErrors() async throws {
        let dashboard = try await DashboardHarness()
        let cookie = try await dashboard.signIn()
        for text in ["notadate", "2026-13-45", "12abc", "yesterday%2025:99"] {
            let answer = try await dashboard.get("/query?q=mood&as-of=\(text)", cookie: cookie)
            #expect(answer.status == 400, "as-of=\(text)")
            #expect(answer.body.contains("give a date (2026-03-01), a time"), "as-of=\(text)")
        }
        for text in ["2026-03-01", "0", "12", "yesterday"] {
            #expect(try await dashboard.get("/query?q=mood&as-of=\(text)", cookie: cookie).status == 200, "as-of=\(text)")
        }
        await dashboard.stop()
    }

    @Test("the query page says the language in a line, and each example it links runs, as of the same point")
    func queryLanguageOnThePage() async throws {
        let dashboard = try await DashboardHarness()
        let cookie = try await dashboard.signIn()
        let page = try await dashboard.get("/query?as-of=12", cookie: cookie).body
        #expect(page.contains(Markup.escape(QueryLanguage.grammar)) && !page.contains("docs/query.md"))
        for example in QueryLanguage.examples {
            let link = "/query?q=\(HTML.query(example))&as-of=12"
            #expect(page.contains(Markup.escape(link)) || page.contains(link), "\(example)")
            let answer = try await dashboard.get(link, cookie: cookie)
            #expect(answer.status == 200 && answer.body.contains("id=\"query-result\"") && !answer.body.contains("query-error"), "\(example): \(answer.body.suffix(400))")
        }
        await dashboard.stop()
    }

    @Test("a page asked again after an append shows the new event, not the cached page; unchanged, it is the same page")
    func cacheFollowsTheLog() async throws {
        let dashboard = try await DashboardHarness()
        let cookie = try await dashboard.signIn()
        let day = "2026-01-05"
        let query = "/query?q=mood+where+between+\(day)+and+\(day)"
        let metrics = "/metrics?col=mood_avg&from=2026-01-01&to=2026-01-10"
        // An event on another day first: a view that has folded nothing keeps no checkpoint to reuse it by.
        let noon = { (day: String) in Timestamp(micros: (LocalDay(iso: day)!.number * 86_400 + 43_200) * 1_000_000) }
        try dashboard.server.vault.with { _ = try $0.append([Event(MoodRated(rating: 3), start: noon("2025-12-01"), utcOffset: 0)]) }
        let emptyQuery = try await dashboard.get(query, cookie: cookie).body
        let emptyMetrics = try await dashboard.get(metrics, cookie: cookie).body
        #expect(emptyQuery.contains("0 rows"))
        #expect(try await dashboard.get(query, cookie: cookie).body == emptyQuery)
        // An append the server did not make, as a CLI entry in another process would be.
        try dashboard.server.vault.with { _ = try $0.append([Event(MoodRated(rating: 7), start: noon(day), utcOffset: 0)]) }
        let afterQuery = try await dashboard.get(query, cookie: cookie).body
        #expect(afterQuery.contains("1 row"))
        let afterMetrics = try await dashboard.get(metrics, cookie: cookie).body
        #expect(afterMetrics != emptyMetrics)
        #expect(afterMetrics.contains("<td>\(day)</td><td>7</td>"))
        await dashboard.stop()
    }

    @Test("Today shows the newest delivery from a device or a folder, and nothing before any")
    func lastDelivery() async throws {
        let dashboard = try await DashboardHarness()
        let cookie = try await dashboard.signIn()
        #expect(try await !dashboard.get("/", cookie: cookie).body.contains("Last delivery"))
        let older = DeliveryReceived(channel: "folder", name: "/home/alex/Sync", readings: 3, stored: 3, apps: ["Alex’s iPhone": 3])
        let newer = DeliveryReceived(channel: "listener", name: "Alex’s iPhone", token: "3f9a0c1d", readings: 1_442, stored: 60,
                                     apps: ["Alex’s Apple Watch": 1_200, "Alex’s iPhone": 242])
        try dashboard.server.vault.with {
            _ = try $0.append([Event(older, start: Timestamp(micros: 1_700_000_000_000_000), utcOffset: 0),
                               Event(newer, start: Timestamp(micros: 1_700_000_600_000_000), utcOffset: 0)])
        }
        let today = try await dashboard.get("/", cookie: cookie).body
        #expect(today.contains("<h2>Last delivery</h2><p>Alex’s iPhone · 2023-11-14 22:23 · 1,442 readings (1,200 from Alex’s Apple Watch, 242 from Alex’s iPhone), 60 new</p>"), "\(today)")
        #expect(!today.contains("/home/alex/Sync"))
        await dashboard.stop()
    }

    @Test("the page cache answers a page only for the same key at the same log size")
    func pageCacheKey() {
        let cache = PageCache()
        cache.keep("page A", key: "/a", size: 10)
        #expect(cache.page(key: "/a", size: 10) == "page A")
        #expect(cache.page(key: "/a", size: 11) == nil)
        #expect(cache.page(key: "/b", size: 10) == nil)
        cache.keep("page A'", key: "/a", size: 11)
        #expect(cache.page(key: "/a", size: 11) == "page A'")
    }
}
