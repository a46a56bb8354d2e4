import Dashboard
import Foundation
import Testing

/// What `GuardMiddleware` and `Gatekeeper` promise, checked over loopback against the
/// running server.
@Suite("Dashboard: who may ask, and what every answer carries")
struct GuardTests {
    @Test("a Host header other than this run's random *.localhost name is refused with 403, even with a valid cookie")
    func hostCheck() async throws {
        let dashboard = try await DashboardHarness()
        let cookie = try await dashboard.signIn()
        let port = dashboard.port
        // Plain loopback names included: a cookie kept for them would reach every listener on this computer.
        for host in ["evil.example", "attacker.test:\(port)", "127.0.0.1:1", "localhost.evil.example:\(port)", "localhost:\(port)",
                     "127.0.0.1:\(port)", "[::1]:\(port)", "LOCALHOST", "hl-0123456789abcdef0123.localhost:\(port)",
                     "\(dashboard.server.configuration.hostName):1", "\(dashboard.server.configuration.hostName)"] {
            let answer = try await dashboard.get("/query", host: host, cookie: cookie)
            #expect(answer.status == 403, "Host: \(host)")
            #expect(answer.body.contains("answers only at the address `healthledger serve` printed"), "Host: \(host)")
            #expect(!answer.body.contains(dashboard.server.configuration.hostName), "the refusal does not give the name away")
        }
        for host in [dashboard.authority, dashboard.authority.uppercased()] {
            #expect(try await dashboard.get("/query", host: host, cookie: cookie).status == 200, "Host: \(host)")
        }
        await dashboard.stop()
    }

    @Test("the session lives on a random *.localhost name of this run: the token is not redeemed under a shared loopback name, and the cookie names no domain")
    func sessionScopedByHost() async throws {
        let dashboard = try await DashboardHarness()
        let other = try await DashboardHarness()
        let name = dashboard.server.configuration.hostName
        #expect(name.wholeMatch(of: /hl-[0-9a-f]{20}\.localhost/) != nil, "\(name)")
        #expect(name != other.server.configuration.hostName, "each run its own name")
        #expect(dashboard.server.launchURL == "http://\(name):\(dashboard.port)/?token=\(dashboard.server.gate.launchToken)")
        // A cookie set under 127.0.0.1 or localhost would be sent to any port there, another user's included.
        for host in ["127.0.0.1:\(dashboard.port)", "localhost:\(dashboard.port)", "[::1]:\(dashboard.port)"] {
            let answer = try await dashboard.get("/?token=\(dashboard.server.gate.launchToken)", host: host)
            #expect(answer.status == 403, "Host: \(host)")
            #expect(answer.header("Set-Cookie") == nil, "Host: \(host)")
        }
        let signedIn = try await dashboard.get("/?token=\(dashboard.server.gate.launchToken)")
        let setCookie = try #require(signedIn.header("Set-Cookie"))
        #expect(!setCookie.lowercased().contains("domain="), "a host-only cookie: \(setCookie)")
        await dashboard.stop()
        await other.stop()
    }

    @Test("requests without a session do not keep the server (and the key) alive past --idle; signed-in ones do")
    func idleCountsOnlyAuthenticatedRequests() async throws {
        // Its server runs in this process: Tools/test.sh runs this target on its own, so that
        // the blocking end-to-end tests of other targets cannot starve the idle timer of threads.
        let idle = 4.0
        let dashboard = try await DashboardHarness(idleSeconds: idle)
        // Someone else on this computer knocking every 300 ms, with and without the right name.
        // Knocking for far longer than the idle time, so a loaded machine's slow timer cannot pass for a kept-alive server.
        let deadline = Date().addingTimeInterval(idle * 5)
        while Date() < deadline, !(await dashboard.hasStopped(within: 0.3)) {
            _ = try? await dashboard.get("/query")
            _ = try? await dashboard.get("/?token=0", host: "127.0.0.1:\(dashboard.port)")
        }
        #expect(await dashboard.hasStopped(within: 3), "unauthenticated requests kept the server running")

        let kept = try await DashboardHarness(idleSeconds: idle)
        let cookie = try await kept.signIn()
        let until = Date().addingTimeInterval(idle * 2.5)
        while Date() < until {
            #expect(try await kept.get("/assets/app.css", cookie: cookie).status == 200)
            try await Task.sleep(for: .milliseconds(300))
        }
        #expect(!(await kept.hasStopped(within: 0.1)), "the owner's requests keep it running")
        await kept.stop()
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
