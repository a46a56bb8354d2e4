import ArgumentParser
import Foundation
import IngestServer
import LedgerApplication

struct IngestServe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Receive Health Auto Export's REST posts: each request with a device's token is stored whole, once.",
        discussion: """
            Listens on 127.0.0.1:\(IngestConfiguration.defaultPort) (this computer only) unless --listen names \
            another address; --listen 0.0.0.0:\(IngestConfiguration.defaultPort) takes the phone on the home \
            network. Plain HTTP: put TLS in front (a reverse proxy such as Caddy, or a tailnet), see \
            docs/guide/continuous-import.md. POST / or /api/health with Authorization: Bearer TOKEN \
            (`ingest token add NAME`). Answers 200 with what was stored, once it is on disk; 400 naming the \
            field of a bad payload (nothing of it stored); 401 without a token in force; 413 past --max-body; \
            429 past --rate; 408 for a body slower than 120 s; 405/404 for anything else. It answers nothing about the ledger. Unlocks the \
            vault as every command does and holds the key until Ctrl-C or SIGTERM.
            """)
    @Option(help: "HOST:PORT to listen on ([::]:8788 for IPv6). Default 127.0.0.1:\(IngestConfiguration.defaultPort).") var listen: String?
    @Option(help: "The largest request body, in MiB (1…64).") var maxBody = 64
    @Option(help: "Requests one token may make per minute.") var rate = 60
    /// Hidden: a test sets it to seconds so that a slow body's 408 does not take two minutes.
    @Option(help: .hidden) var bodySeconds = 120.0
    @OptionGroup var vault: VaultOptions

    func validate() throws {
        guard (1...64).contains(maxBody) else { throw ValidationError("--max-body \(maxBody) must be 1…64 (MiB)") }
        guard (1...10_000).contains(rate) else { throw ValidationError("--rate \(rate) must be 1…10000 requests per minute") }
        guard bodySeconds > 0, bodySeconds <= 120 else { throw ValidationError("--body-seconds \(bodySeconds) must be more than 0 and at most 120") }
    }

    func run() async throws {
        let (host, port) = try Self.address(listen ?? "127.0.0.1:\(IngestConfiguration.defaultPort)")
        let configuration = IngestConfiguration(host: host, port: port, maximumBodyBytes: maxBody << 20, requestsPerMinute: rate, bodySeconds: bodySeconds)
        let application = try vault.application()
        let server = IngestServer(configuration: configuration, desk: IngestDesk(application))
        let shown = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        let reach = if listen == nil {
            "this computer only; --listen 0.0.0.0:\(port) takes the phone on your network"
        } else if configuration.isLoopback {
            "this computer only"
        } else {
            "reachable from the network as given; plain HTTP, so put TLS in front (docs/guide/continuous-import.md)"
        }
        do {
            try await server.run {
                FileHandle.standardOutput.write(Data("""
                    HealthLedger ingest: listening on http://\(shown)/ (\(reach))
                    POST / or /api/health with Authorization: Bearer TOKEN; Ctrl-C stops it

                    """.utf8))
            }
        } catch {
            throw ExitStatus.Failure(status: .ioError, message: "the listener stopped: \(error) (is \(shown) in use or not an address of this computer? choose another with --listen)")
        }
        FileHandle.standardOutput.write(Data("listener stopped; the vault key is no longer held\n".utf8))
    }

    /// HOST:PORT, [IPv6]:PORT.
    static func address(_ text: String) throws -> (host: String, port: Int) {
        let host: Substring, port: Substring
        if text.hasPrefix("["), let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") {
            host = text[text.index(after: text.startIndex)..<close]
            port = text[text.index(close, offsetBy: 2)...]
        } else if let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") {
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        } else {
            throw ExitStatus.Failure(status: .invalidInput, message: "--listen \(text): give HOST:PORT, like 127.0.0.1:8788, 0.0.0.0:8788 or [::]:8788")
        }
        guard !host.isEmpty, let number = Int(port), (1...65535).contains(number) else {
            throw ExitStatus.Failure(status: .invalidInput, message: "--listen \(text): give HOST:PORT with a port 1…65535, like 0.0.0.0:8788")
        }
        return (String(host), number)
    }
}
