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
}
