/// Where `ingest serve` listens and the bounds it holds every request to.
public struct IngestConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// The largest body read; past it the answer is 413. Health Auto Export's files are bounded
    /// the same (`HealthAutoExportFile.maximumBytes`), so a post and a file hold alike.
    public var maximumBodyBytes: Int
    /// Requests one token may make per minute; past it the answer is 429.
    public var requestsPerMinute: Int
    /// How long a request's body may take to arrive; past it the answer is 408.
    public var bodySeconds: Double

    public static let defaultPort = 8788
    public static let largestBody = 64 << 20

    public init(host: String = "127.0.0.1", port: Int = defaultPort, maximumBodyBytes: Int = largestBody, requestsPerMinute: Int = 60, bodySeconds: Double = 120) {
        self.host = host
        self.port = port
        self.maximumBodyBytes = maximumBodyBytes
        self.requestsPerMinute = requestsPerMinute
        self.bodySeconds = bodySeconds
    }

    /// Whether only this computer can reach the address.
    public var isLoopback: Bool { ["127.0.0.1", "::1", "localhost"].contains(host.lowercased()) || host.hasPrefix("127.") }
}
