import Foundation
import Hummingbird
import LedgerCore
import Logging
import ServiceLifecycle
import Synchronization
import UnixSignals

/// `healthledger serve`: the dashboard on 127.0.0.1 and ::1, until Ctrl-C, SIGTERM or
/// `--idle` without a request; then the vault session is closed and the key let go.
public struct DashboardServer: Sendable {
    public let configuration: DashboardConfiguration
    public let vault: VaultSession
    public let gate = Gatekeeper()
    let lastAudit = LastAudit()
    let pages = PageCache()
    let runningActivities = LogSizeCache<[(name: String, start: Timestamp)]>()
    /// The log's size, told to every open page.
    let changes = ChangeFeed()

    public init(configuration: DashboardConfiguration, vault: VaultSession) {
        self.configuration = configuration
        self.vault = vault
    }

    /// The dashboard's own origin: its random host name and port.
    public var origin: String { "http://\(configuration.hostName):\(configuration.port)" }

    /// The URL to open: it carries the one-time token.
    public var launchURL: String { "\(origin)/?token=\(gate.launchToken)" }

    /// Serves until stopped; `onReady` hears once both addresses listen.
    public func run(onReady: @escaping @Sendable () -> Void) async throws {
        // The server's own lines (listening, stopping) only: no request is logged, so no
        // URL, query or form value (health data, the token) reaches a log.
        var logger = Logger(label: "healthledger.serve")
        logger.logLevel = .warning
        let clock = IdleClock()
        let router = DashboardRouter(server: self, live: LiveUpdates(feed: changes)).router(clock: clock)
        let ready = ReadyCounter(expected: Self.loopbackV6Available ? 2 : 1, onReady: onReady)
        var services: [any Service] = [
            Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: configuration.port)),
                        onServerRunning: { _ in ready.arrived() }, logger: logger),
        ]
        if Self.loopbackV6Available {
            services.append(Application(router: router, configuration: .init(address: .hostname("::1", port: configuration.port)),
                                        onServerRunning: { _ in ready.arrived() }, logger: logger))
        }
        // A group shuts its services down last first: the idle watch, then the change watch
        // (which ends the live streams that would hold the listeners open), then the listeners.
        services.append(ChangeWatch(feed: changes, vault: vault, interval: configuration.changeCheckInterval))
        services.append(IdleWatch(clock: clock, limit: configuration.idleSeconds))
        let group = ServiceGroup(configuration: .init(
            services: services.map { .init(service: $0, successTerminationBehavior: .gracefullyShutdownGroup) },
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        defer { vault.close() }
        try await group.run()
    }

    /// Whether ::1 can be bound here (a container without IPv6 has no ::1).
    static var loopbackV6Available: Bool {
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0 }
        }
    }
}

/// Calls `onReady` when every listener is up.
final class ReadyCounter: Sendable {
    private let remaining: Mutex<Int>
    private let onReady: @Sendable () -> Void

    init(expected: Int, onReady: @escaping @Sendable () -> Void) {
        remaining = Mutex(expected)
        self.onReady = onReady
    }

    func arrived() {
        let done = remaining.withLock { remaining in
            remaining -= 1
            return remaining == 0
        }
        if done { onReady() }
    }
}

/// Ends the server after `limit` seconds without a request.
struct IdleWatch: Service {
    let clock: IdleClock
    let limit: Double

    func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            if clock.idleSeconds >= limit { return }
            try? await Task.sleep(for: .milliseconds(250))
        }
    }
}
