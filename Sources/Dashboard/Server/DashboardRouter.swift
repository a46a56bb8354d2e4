import Charts
import Foundation
import Hummingbird
import LedgerApplication
import LedgerCore
import LedgerStore
import NIOPosix
import Projections

/// The dashboard's routes: each page reads the vault under its lock and answers HTML. Vault
/// work (reads, folds, renders, appends) runs on NIO's blocking thread pool, never on the
/// threads that answer requests: a slow fold, or a render waiting for the vault, leaves
/// assets, cached pages and the live streams answered.
struct DashboardRouter: Sendable {
    let server: DashboardServer
    let live: LiveUpdates

    func router(clock: IdleClock) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: GuardMiddleware(gate: server.gate, authority: "\(server.configuration.hostName):\(server.configuration.port)".lowercased(), clock: clock))
        router.get("/assets/app.css") { _, _ in Self.asset(StyleSheet.css, type: "text/css; charset=utf-8") }
        router.get("/assets/app.js") { _, _ in Self.asset(ClientScript.javascript, type: "text/javascript; charset=utf-8") }
        router.get("/events") { _, _ in live.response() }
        router.get("/") { request, _ in try await page(request, path: "/") { try TodayPage(context: $0).render() } }
        router.get("/metrics") { request, _ in
            if request.uri.queryParameters["format"] == "csv" {
                return try await csv(request) { try MetricsPage(context: $0).csv() }
            }
            return try await page(request, path: "/metrics") { try MetricsPage(context: $0).render() }
        }
        router.get("/weight") { request, _ in try await page(request, path: "/weight") { try WeightPage(context: $0).render() } }
        router.get("/sleep") { request, _ in try await page(request, path: "/sleep") { try SleepPage(context: $0).render() } }
        router.get("/vitals") { request, _ in try await page(request, path: "/vitals") { try VitalsPage(context: $0).render() } }
        router.get("/models") { request, _ in try await page(request, path: "/models") { try FaceModelsPage(context: $0).render() } }
        router.get("/event") { request, _ in try await page(request, path: "/history") { try EventPage(context: $0).render() } }
        router.get("/timeline") { request, _ in try await page(request, path: "/timeline") { try TimelinePage(context: $0).render() } }
        router.get("/query") { request, _ in try await page(request, path: "/query") { try QueryPage(context: $0).render() } }
        router.get("/entry") { request, _ in try await page(request, path: "/entry", live: false) { try EntryPage(context: $0).render(notice: nil) } }
        router.post("/entry") { request, _ in
            var request = request
            let form = FormFields.parse(try await request.collectBody(upTo: FormFields.maximumSize))
            let answer = try await page(request, path: "/entry", live: false, form: form) { context in
                let notice = EntryPage(context: context).record(form)
                return try EntryPage(context: context).render(notice: notice)
            }
            // Open pages hear of the entry now, not at the next look at the log.
            server.changes.check(server.vault.size)
            return answer
        }
        router.get("/history") { request, _ in try await page(request, path: "/history") { try HistoryPage(context: $0).render(audit: nil) } }
        router.post("/audit") { request, _ in
            try await page(request, path: "/history") { context in try HistoryPage(context: context).render(audit: context.ledger.audit()) }
        }
        return router
    }

    /// Renders one page with the vault held; input it refuses becomes a 400 page that says why.
    private func page(
        _ request: Request, path: String, live: Bool = true, form: [String: String] = [:],
        _ body: @escaping @Sendable (PageContext) throws -> (title: String, html: String)
    ) async throws -> Response {
        let csrf = request.cookies[Gatekeeper.cookieName].flatMap { server.gate.csrf(forSession: $0.value) } ?? ""
        let asOf = Self.asOf(request)
        let status: HTTPResponse.Status
        let html: String
        // A read is cached per request, local day and last audit; a write is never answered from the cache.
        let cacheKey = form.isEmpty && request.method == .get
            ? "\(request.uri)|\(LocalDay(.now(), utcOffset: server.configuration.offsetSeconds))|\(server.lastAudit.value?.at.timeIntervalSince1970 ?? 0)" : nil
        // A cached page is answered without waiting for the vault, which a slower page may hold:
        // the size is read from the stored head in a read transaction of its own, here.
        if let cacheKey, let size = server.vault.size(), let cached = server.pages.page(key: cacheKey, size: size) {
            return Self.html(cached)
        }
        do {
            html = try await NIOThreadPool.singleton.runIfActive { try server.vault.with { ledger in
                let size = try ledger.count()
                if let cacheKey, let cached = server.pages.page(key: cacheKey, size: size) { return cached }
                let context = try PageContext(request: request, ledger: ledger, asOf: asOf, csrf: csrf,
                                              offset: server.configuration.offsetSeconds, lastAudit: server.lastAudit, runningActivities: server.runningActivities,
                                              views: server.vault.views)
                let page = try body(context)
                let rendered = PageLayout(title: page.title, path: path, asOf: asOf, csrf: csrf, live: live).render(page.html)
                if let cacheKey { server.pages.keep(rendered, key: cacheKey, size: size) }
                return rendered
            } }
            status = .ok
        } catch let rejected as EntryRejected {
            let layout = PageLayout(title: "Not shown", path: path, asOf: asOf, csrf: csrf, live: live)
            html = layout.render("<pre class=\"error\">\(Markup.escape(rejected.description))</pre>")
            status = .badRequest
        }
        return Self.html(html, status: status)
    }

    private func csv(_ request: Request, _ body: @escaping @Sendable (PageContext) throws -> String) async throws -> Response {
        let asOf = Self.asOf(request)
        let text = try await NIOThreadPool.singleton.runIfActive { try server.vault.with { ledger in
            try body(PageContext(request: request, ledger: ledger, asOf: asOf, csrf: "", offset: server.configuration.offsetSeconds, lastAudit: server.lastAudit, runningActivities: server.runningActivities, views: server.vault.views))
        } }
        var headers = HTTPFields()
        headers[.contentType] = "text/csv; charset=utf-8"
        headers[.contentDisposition] = "attachment; filename=\"healthledger-metrics.csv\""
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// The `as-of` parameter, when given.
    static func asOf(_ request: Request) -> String? {
        FormFields.pairs(request.uri.query ?? "").last { $0.name == "as-of" }.flatMap { $0.value.isEmpty ? nil : $0.value }
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func asset(_ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "private, max-age=3600"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
