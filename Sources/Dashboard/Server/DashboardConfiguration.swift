public import Foundation

/// How `healthledger serve` runs: where it listens, the name it answers to, and when it
/// gives up the key.
public struct DashboardConfiguration: Sendable {
    /// The loopback port (both 127.0.0.1 and ::1 listen on it).
    public var port: Int
    /// The only host name the dashboard answers to, `hl-<random>.localhost`: browsers keep
    /// cookies per host, not per port, so a name nobody else knows keeps the session cookie
    /// from every other listener on this computer (another user's on 127.0.0.1:9999 included).
    public var hostName: String
    /// Seconds without an authenticated request after which the server stops and lets go of the key.
    public var idleSeconds: Double
    /// The UTC offset days are read in (the local zone, as the CLI reads them).
    public var offsetSeconds: Int32
    /// How often the server looks at the log's size for entries made elsewhere (the CLI, an
    /// import in another process): a commit from outside shows on open pages within this.
    var changeCheckInterval = Duration.milliseconds(250)

    public init(port: Int, idleSeconds: Double, offsetSeconds: Int32 = Int32(TimeZone.current.secondsFromGMT()),
                hostName: String = DashboardConfiguration.randomHostName()) {
        self.port = port
        self.hostName = hostName
        self.idleSeconds = idleSeconds
        self.offsetSeconds = offsetSeconds
    }

    /// `hl-` and 20 random hex digits under `.localhost`, which Chromium and Firefox resolve to
    /// loopback themselves (RFC 6761); 80 bits cannot be guessed by a listener fishing for the cookie.
    public static func randomHostName() -> String {
        "hl-\(Gatekeeper.randomToken().prefix(20)).localhost"
    }
}
