import Foundation

/// How `healthledger serve` runs: where it listens and when it gives up the key.
public struct DashboardConfiguration: Sendable {
    /// The loopback port (both 127.0.0.1 and ::1 listen on it).
    public var port: Int
    /// Seconds without a request after which the server stops and lets go of the key.
    public var idleSeconds: Double
    /// The UTC offset days are read in (the local zone, as the CLI reads them).
    public var offsetSeconds: Int32

    public init(port: Int, idleSeconds: Double, offsetSeconds: Int32 = Int32(TimeZone.current.secondsFromGMT())) {
        self.port = port
        self.idleSeconds = idleSeconds
        self.offsetSeconds = offsetSeconds
    }
}
