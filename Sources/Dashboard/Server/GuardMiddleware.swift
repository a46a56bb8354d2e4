import Foundation
import HTTPTypes
import Hummingbird

/// Checks every request before a page sees it: the Host header is this run's random
/// `*.localhost` name and port (a page on another site cannot reach the dashboard through DNS
/// rebinding, and the session cookie is never kept for a name another listener shares), the
/// session cookie is the one the printed URL was traded for, and a write carries the
/// session's CSRF token. Only a request that passed counts as activity for `--idle`: anyone
/// on this computer can connect, and their refused requests must not keep the key in memory.
/// Every answer, refusals included, carries headers that keep the browser from loading
/// anything from elsewhere.
struct GuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let gate: Gatekeeper
    /// `hl-<random>.localhost:<port>`, lowercase.
    let authority: String
    let clock: IdleClock

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await check(request, context: context, next: next)
        SecurityHeaders.apply(to: &response.headers)
        return response
    }

    private func check(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // The refusal does not name the host: it is the secret that keeps the cookie from other listeners.
        guard request.head.authority?.lowercased() == authority else {
            return Refusal.response(.forbidden, "This dashboard answers only at the address `healthledger serve` printed (http://hl-….localhost:PORT/); open that link.")
        }
        if let token = request.uri.queryParameters["token"] {
            guard let session = gate.redeem(String(token)) else {
                return Refusal.response(.forbidden, "This link has been used already. Stop `healthledger serve` and start it again for a new one.")
            }
            clock.touch()
            var headers = HTTPFields()
            headers[.location] = "/"
            headers[.setCookie] = "\(Gatekeeper.cookieName)=\(session.session); Path=/; HttpOnly; SameSite=Strict"
            return Response(status: .seeOther, headers: headers)
        }
        guard let cookie = request.cookies[Gatekeeper.cookieName]?.value, let csrf = gate.csrf(forSession: cookie) else {
            return Refusal.response(.unauthorized, "Open the link `healthledger serve` printed; this browser has no session.")
        }
        clock.touch()
        if request.method == .post {
            var request = request
            let form = FormFields.parse(try await request.collectBody(upTo: FormFields.maximumSize))
            guard let sent = form["csrf"], Gatekeeper.equal(sent, csrf) else {
                return Refusal.response(.forbidden, "This form is out of date (its CSRF token does not match). Reload the page and send it again.")
            }
            return try await next(request, context)
        }
        return try await next(request, context)
    }
}

/// The headers every answer carries.
enum SecurityHeaders {
    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "connect-src 'self'",
        "font-src 'none'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'none'", "form-action 'self'",
    ].joined(separator: "; ")

    static func apply(to headers: inout HTTPFields) {
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        // Cannot fail: valid header names
        headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        headers[.cacheControl] = headers[.cacheControl] ?? "no-store"
    }
}

/// A refusal a person can act on, as a small page.
enum Refusal {
    static func response(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: "\(status.code) \(status.reasonPhrase): \(message)\n")))
    }
}
