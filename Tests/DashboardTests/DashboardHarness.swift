@testable import Dashboard
import Foundation
import Glibc
import LedgerCore
import LedgerCrypto
import LedgerStore
import TestSupport

/// A running dashboard on a scratch vault, reached over loopback as a browser reaches it.
final class DashboardHarness: @unchecked Sendable {
    let directory: String
    let server: DashboardServer
    let port: Int
    /// `hl-<random>.localhost:<port>`, the Host header a browser sends after opening the printed URL.
    let authority: String
    private let task: Task<Void, any Error>
    private let stopped = StopFlag()

    /// `changeCheckInterval`: how often the server looks at the log for entries made elsewhere.
    init(idleSeconds: Double = 600, changeCheckInterval: Duration = .milliseconds(250)) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hl-dash-\(UUID().uuidString)").path
        var phrase = Array("dashboard".utf8)
        let (master, _) = try VaultKeys.create(at: directory, passphrase: SecretBytes(consuming: &phrase), kdf: .interactive)
        let ledger = try Ledger(directory: directory, masterKey: master)
        port = try LoopbackHTTP.freePort()
        var configuration = DashboardConfiguration(port: port, idleSeconds: idleSeconds, offsetSeconds: 0)
        configuration.changeCheckInterval = changeCheckInterval
        server = DashboardServer(configuration: configuration, vault: VaultSession(ledger))
        authority = "\(server.configuration.hostName):\(port)"
        let server = server
        let stopped = stopped
        task = Task {
            defer { stopped.set() }
            try await server.run(onReady: {})
        }
        for _ in 0..<200 {
            if (try? await get("/"))?.status == 401 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw HarnessError("the dashboard did not answer on port \(port)")
    }

    deinit {
        task.cancel()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Whether the server stops by itself (after `--idle`) within `seconds`.
    func hasStopped(within seconds: Double) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if stopped.isSet { return true }
            try? await Task.sleep(for: .milliseconds(50))
        } while Date() < deadline
        return stopped.isSet
    }

    /// Stops the server and waits for it to let go of the vault.
    func stop() async {
        task.cancel()
        _ = await task.result
    }

    /// The session cookie (`hl_session=…`) the printed URL is traded for.
    func signIn() async throws -> String {
        let answer = try await get("/?token=\(server.gate.launchToken)")
        guard answer.status == 303, let cookie = answer.header("Set-Cookie")?.split(separator: ";").first else {
            throw HarnessError("signing in answered \(answer.status)")
        }
        return String(cookie)
    }

    /// The session's CSRF token, as the entry form carries it.
    func csrf(cookie: String) async throws -> String {
        let form = try await get("/entry", cookie: cookie).body
        guard let range = form.range(of: "name=\"csrf\" value=\"") else { throw HarnessError("the entry form has no CSRF field") }
        return String(form[range.upperBound...].prefix { $0 != "\"" })
    }

    func get(_ path: String, host: String? = nil, cookie: String? = nil) async throws -> HTTPAnswer {
        try await send("GET \(path) HTTP/1.1", host: host, cookie: cookie, body: nil)
    }

    func post(_ path: String, form: String, host: String? = nil, cookie: String? = nil) async throws -> HTTPAnswer {
        try await send("POST \(path) HTTP/1.1", host: host, cookie: cookie, body: form)
    }

    /// A live page's `/events` stream, held open until closed.
    func openEventStream(cookie: String) throws -> EventStreamClient {
        try EventStreamClient(port: port, host: authority, cookie: cookie)
    }

    /// Events in the log now.
    func logSize() throws -> UInt64 { try server.vault.with { try $0.count() } }

    /// One request on its own connection, with exactly the headers given. The socket blocks,
    /// so it runs on a thread of its own: the server answers on the same few threads that
    /// run async tests, and a test blocked there would starve it.
    private func send(_ requestLine: String, host: String?, cookie: String?, body: String?) async throws -> HTTPAnswer {
        let port = port, host = host ?? authority
        return try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try Self.exchange(requestLine, port: port, host: host, cookie: cookie, body: body) }) }.start()
        }
    }

    private static func exchange(_ requestLine: String, port: Int, host: String, cookie: String?, body: String?) throws -> HTTPAnswer {
        var lines = [requestLine, "Host: \(host)", "Connection: close"]
        if let cookie { lines.append("Cookie: \(cookie)") }
        if let body {
            lines.append("Content-Type: application/x-www-form-urlencoded")
            lines.append("Content-Length: \(body.utf8.count)")
        }
        let request = Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + (body ?? "")).utf8)
        return try HTTPAnswer(LoopbackHTTP.exchange(port: port, request: request))
    }
}

/// A response as received: status, headers, body.
struct HTTPAnswer {
    let status: Int
    let headers: [(name: String, value: String)]
    let body: String

    init(_ text: String) throws {
        guard let end = text.range(of: "\r\n\r\n") else { throw HarnessError("no end of headers in \(text.prefix(200))") }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        guard let status = lines.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw HarnessError("no status in \(lines.first ?? "")")
        }
        self.status = status
        headers = lines.dropFirst().compactMap { line in
            line.firstIndex(of: ":").map { (String(line[..<$0]), line[line.index(after: $0)...].trimmingCharacters(in: .whitespaces)) }
        }
        body = String(text[end.upperBound...])
    }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Set once the server's task has ended. Unchecked Sendable: the flag is read and written under the lock.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
