/// Where an event came from: the app, and optionally the device and its version.
public struct Source: Hashable, Sendable {
    public var name: String
    public var device: String?
    public var version: String?

    public init(name: String, device: String? = nil, version: String? = nil) {
        self.name = name
        self.device = device
        self.version = version
    }

    /// Events typed at the terminal.
    public static let cli = Source(name: "healthledger-cli")

    /// Points the Health Auto Export app sent: aggregates of HealthKit samples, which daily
    /// metrics count only where no sample of the same series and day is held. Not a name
    /// with "Apple Watch" in it, which source priority would rank first.
    public static let healthAutoExport = Source(name: "Health Auto Export")
}
