import Foundation
import Glibc
import Testing
import TestSupport

/// `healthledger ingest serve` running on a scratch vault, posted to over loopback as the
/// phone's app posts: one connection per request, raw bytes, so a test can also cut one.
final class IngestListener {
    let vault: CLIVault
    let port: Int
    let process: SpawnedCLI
    private(set) var output = ""

    init(vault: CLIVault, arguments: [String] = []) throws {
        self.vault = vault
        port = try LoopbackHTTP.freePort()
        process = try SpawnedCLI(["ingest", "serve", "--listen", "127.0.0.1:\(port)"] + arguments
            + ["--vault", vault.path, "--passphrase-file", vault.passphraseFile])
        WatchFolderTests.read(process.output, into: &output) { $0.contains("listening on") }
        guard output.contains("listening on http://127.0.0.1:\(port)/") else {
            var errors = ""
            WatchFolderTests.read(process.errors, into: &errors) { !$0.isEmpty }
            kill(process.pid, SIGKILL)
            _ = process.wait()
            throw CLIError(message: "ingest serve did not start: \(output) \(errors)")
        }
    }

    deinit {
        kill(process.pid, SIGKILL)
        _ = process.wait()
    }

    /// Stops it as Ctrl-C does; its exit status.
    func stop() -> Int32 {
        kill(process.pid, SIGTERM)
        return process.wait()
    }

    /// Posts `export` from a new device and again as the app retries: the first answer stores
    /// `stored` events, `unmapped` of them kept under their own names, and names no array as
    /// not imported; the retry stores none. The listener is stopped cleanly after.
    static func postTwice(_ export: String, to vault: CLIVault, stored: Int, unmapped: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let token = try IngestListenerTests.addToken(vault, "Alex’s iPhone")
        let listener = try IngestListener(vault: vault)
        let first = try listener.post(export, token: token)
        #expect(first.status == 200, sourceLocation: sourceLocation)
        #expect(first.json["stored"] as? Int == stored && (first.json["notImported"] as? [String]) == [], "\(first.json)", sourceLocation: sourceLocation)
        #expect(first.json["unmapped"] as? Int == unmapped, "\(first.json)", sourceLocation: sourceLocation)
        let retry = try listener.post(export, token: token)
        #expect(retry.json["stored"] as? Int == 0 && retry.json["alreadyStored"] as? Int == stored, "\(retry.json)", sourceLocation: sourceLocation)
        #expect(listener.stop() == 0, sourceLocation: sourceLocation)
    }

    struct Answer {
        let status: Int
        let body: String
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]) ?? [:] }
    }

    func post(_ body: String, token: String?, path: String = "/") throws -> Answer {
        var headers = ["Content-Type: application/json"]
        if let token { headers.append("Authorization: Bearer \(token)") }
        return try exchange("POST \(path) HTTP/1.1", headers: headers, body: Array(body.utf8))
    }

    func get(_ path: String) throws -> Answer { try exchange("GET \(path) HTTP/1.1", headers: [], body: nil) }

    /// Sends the request line, the headers and `body` (or its first `sentBytes` with a
    /// Content-Length for all of it, then closes: a cut connection, which gets no answer).
    func exchange(_ requestLine: String, headers: [String], body: [UInt8]?, sentBytes: Int? = nil) throws -> Answer {
        var lines = [requestLine, "Host: 127.0.0.1:\(port)", "Connection: close"] + headers
        if let body { lines.append("Content-Length: \(body.count)") }
        let request = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + (body.map { Array($0.prefix(sentBytes ?? $0.count)) } ?? [])
        let text = try LoopbackHTTP.exchange(port: port, request: request, sendOnly: sentBytes != nil)
        if sentBytes != nil { return Answer(status: 0, body: "") }
        guard let end = text.range(of: "\r\n\r\n"),
              let status = text[..<end.lowerBound].split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { throw CLIError(message: "no HTTP answer: \(text.prefix(200))") }
        return Answer(status: status, body: String(text[end.upperBound...]))
    }
}
