/// Data arrived by itself (a request to `ingest serve`, a file a watched folder received) and
/// was stored: stored in the same transaction as what it brought, so `sources` can say when
/// each device or folder last delivered and what.
public struct DeliveryReceived: EventPayload {
    public static let kind = EventKind.deliveryReceived
    public static let schema = 1

    /// How it came: `listener` (a token's POST) or `folder` (a watched or imported folder).
    public var channel: String
    /// Who delivered: the token's device name, or the folder's path.
    public var name: String
    /// The token's id, for a delivery through the listener.
    public var token: String?
    /// Readings the delivery held, new or already stored.
    public var readings: Int64
    /// Readings stored by this delivery (the rest were held already: a re-sent window).
    public var stored: Int64
    /// Readings per app or device that recorded them, as the delivery named them
    /// (Health Auto Export's `source`, `Alex’s Apple Watch`).
    public var apps: [String: Int64]

    public init(channel: String, name: String, token: String? = nil, readings: Int64, stored: Int64, apps: [String: Int64]) {
        self.channel = channel
        self.name = name
        self.token = token
        self.readings = readings
        self.stored = stored
        self.apps = apps
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            channel = try Rule.nonEmpty(document.string("channel"), "channel")
            name = try Rule.nonEmpty(document.string("name"), "name")
            token = try document.optionalString("token")
            readings = try document.int("readings")
            stored = try document.int("stored")
            guard readings >= 0, stored >= 0 else {
                throw ValidationError(field: "readings", value: "\(readings), \(stored)", reason: "readings and stored must not be negative")
            }
            var apps: [String: Int64] = [:]
            for (name, count) in try document.numberMap("apps") {
                guard count >= 0, count == count.rounded() else {
                    throw ValidationError(field: "apps.\(name)", value: "\(count)", reason: "must be a whole number of readings")
                }
                apps[name] = Int64(count)
            }
            self.apps = apps
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["channel": .string(channel), "name": .string(name)]
        document.set("token", token.doc)
        document["readings"] = .int(readings)
        document["stored"] = .int(stored)
        document.setMap("apps", apps) { .int($0) }
        return document
    }
}
