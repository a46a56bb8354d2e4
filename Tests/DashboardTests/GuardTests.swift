import Foundation
import Testing

/// What `GuardMiddleware` and `Gatekeeper` promise, checked over loopback against the
/// running server.
@Suite("Dashboard: who may ask, and what every answer carries")
struct GuardTests {
    @Test("a foreign Host header is refused with 403, even with a valid cookie; localhost names pass")
    func hostCheck() async throws {
        let dashboard = try await DashboardHarness()
        let cookie = try await dashboard.signIn()
        for host in ["evil.example", "attacker.test:\(dashboard.port)", "127.0.0.1:1", "localhost.evil.example:\(dashboard.port)"] {
            let answer = try await dashboard.get("/query", host: host, cookie: cookie)
            #expect(answer.status == 403, "Host: \(host)")
            #expect(answer.body.contains("answers only to localhost"), "Host: \(host)")
        }
        for host in ["localhost:\(dashboard.port)", "127.0.0.1:\(dashboard.port)", "[::1]:\(dashboard.port)", "LOCALHOST"] {
            #expect(try await dashboard.get("/query", host: host, cookie: cookie).status == 200, "Host: \(host)")
        }
        await dashboard.stop()
    }

    @Test("no cookie, or one the server did not give, is refused with 401")
    func cookieCheck() async throws {
        let dashboard = try await DashboardHarness()
        _ = try await dashboard.signIn()
        #expect(try await dashboard.get("/query").status == 401)
        #expect(try await dashboard.get("/query", cookie: "hl_session=\(String(repeating: "0", count: 64))").status == 401)
        #expect(try await dashboard.get("/metrics?format=csv").status == 401)
        await dashboard.stop()
    }

    @Test("the printed token is traded once for an HttpOnly, SameSite=Strict cookie; its second use is refused")
    func tokenSingleUse() async throws {
        let dashboard = try await DashboardHarness()
        let first = try await dashboard.get("/?token=\(dashboard.server.gate.launchToken)")
        #expect(first.status == 303)
        #expect(first.header("Location") == "/")
        let setCookie = try #require(first.header("Set-Cookie"))
        #expect(setCookie.hasPrefix("hl_session="))
        #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict"))
        let second = try await dashboard.get("/?token=\(dashboard.server.gate.launchToken)")
        #expect(second.status == 403)
        #expect(second.header("Set-Cookie") == nil)
        // The cookie the first use gave works.
        #expect(try await dashboard.get("/query", cookie: String(setCookie.split(separator: ";")[0])).status == 200)
        await dashboard.stop()
    }

    @Test("a write without the session's CSRF token is refused with 403 and stores nothing; with it, it stores")
    func csrf() async throws {
        let dashboard = try await DashboardHarness()
        let cookie = try await dashboard.signIn()
        let token = try await dashboard.csrf(cookie: cookie)
        let before = try dashboard.logSize()
        for form in ["kind=mood&rating=5", "kind=mood&rating=5&csrf=", "kind=mood&rating=5&csrf=\(String(repeating: "a", count: 64))"] {
            let answer = try await dashboard.post("/entry", form: form, cookie: cookie)
            #expect(answer.status == 403, "\(form)")
            #expect(answer.body.contains("CSRF"), "\(form)")
        }
        #expect(try await dashboard.post("/audit", form: "", cookie: cookie).status == 403)
        #expect(try await dashboard.post("/entry", form: "kind=mood&rating=5&csrf=\(token)", host: "evil.example", cookie: cookie).status == 403)
        #expect(try dashboard.logSize() == before, "a refused write stored nothing")
        // The same form with the token goes through: the refusals above were the token's doing.
        #expect(try await dashboard.post("/entry", form: "kind=mood&rating=5&csrf=\(token)", cookie: cookie).status == 200)
        #expect(try dashboard.logSize() == before + 1)
        await dashboard.stop()
    }

    @Test("every answer, refusals and assets included, carries a CSP that allows nothing from elsewhere")
    func contentSecurityPolicy() async throws {
        let dashboard = try await DashboardHarness()
        let cookie = try await dashboard.signIn()
        let answers = [
            try await dashboard.get("/query", cookie: cookie), try await dashboard.get("/assets/app.css", cookie: cookie),
            try await dashboard.get("/query"), try await dashboard.get("/query", host: "evil.example"),
        ]
        for answer in answers {
            let policy = try #require(answer.header("Content-Security-Policy"), "status \(answer.status)")
            let directives = Dictionary(uniqueKeysWithValues: policy.split(separator: ";").map { directive in
                let parts = directive.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            })
            #expect(directives["default-src"] == "'self'")
            #expect(directives["script-src"] == "'self'")
            #expect(directives["connect-src"] == "'self'")
            #expect(directives["font-src"] == "'none'")
            #expect(directives["frame-ancestors"] == "'none'")
            #expect(!policy.contains("http"), "no outside origin is named")
            #expect(answer.header("X-Content-Type-Options") == "nosniff")
        }
        await dashboard.stop()
    }
}
