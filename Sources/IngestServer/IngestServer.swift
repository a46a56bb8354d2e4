import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals

/// `healthledger ingest serve`: the listener for Health Auto Export's REST posts, apart from
/// the dashboard, until Ctrl-C or SIGTERM.
public struct IngestServer: Sendable {
    public let configuration: IngestConfiguration
    let desk: IngestDesk

    public init(configuration: IngestConfiguration, desk: IngestDesk) {
        self.configuration = configuration
        self.desk = desk
    }

    /// Serves until stopped; `onReady` hears once the address listens.
    public func run(onReady: @escaping @Sendable () -> Void) async throws {
        // No request is logged: a URL or a header could carry a token.
        var logger = Logger(label: "healthledger.ingest")
        logger.logLevel = .warning
        let router = IngestRouter(configuration: configuration, desk: desk, rate: RequestRate(perMinute: configuration.requestsPerMinute)).router()
        let application = Application(
            router: router, configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
            onServerRunning: { _ in onReady() }, logger: logger)
        let group = ServiceGroup(configuration: .init(
            services: [.init(service: application, successTerminationBehavior: .gracefullyShutdownGroup)],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }
}
