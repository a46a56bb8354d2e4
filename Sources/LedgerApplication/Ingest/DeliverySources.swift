public import LedgerCore
public import LedgerStore

/// Where data arrived from by itself, folded from `delivery.received`: each device (token) and
/// folder with its last delivery and what it brought.
public struct DeliverySources: Sendable {
    public struct Source: Sendable {
        public let channel: String
        public let name: String
        public var token: String?
        public var deliveries = 0
        public var lastDelivery: Timestamp?
        /// Readings its deliveries held, and of those the ones new to the ledger.
        public var readings: Int64 = 0
        public var stored: Int64 = 0
        /// What the last delivery held, per app or device.
        public var lastReadings: Int64 = 0
        public var lastApps: [String: Int64] = [:]
        /// Every delivery's readings per app or device.
        public var apps: [String: Int64] = [:]
        /// For a token: revoked, so it delivers no more.
        public var isRevoked = false
    }

    /// Most recent delivery first; tokens that never delivered last.
    public private(set) var all: [Source] = []

    public init(_ ledger: Ledger) throws {
        var byKey: [String: Source] = [:]
        for current in try ledger.currentEvents(ofKinds: [.deliveryReceived]) where !current.isRetracted {
            guard let delivery = try? current.event.decode(DeliveryReceived.self) else { continue }
            let key = delivery.token.map { "token:" + $0 } ?? delivery.channel + ":" + delivery.name
            var source = byKey[key] ?? Source(channel: delivery.channel, name: delivery.name, token: delivery.token)
            source.deliveries += 1
            source.readings += delivery.readings
            source.stored += delivery.stored
            if source.lastDelivery.map({ current.event.start >= $0 }) ?? true {
                source.lastDelivery = current.event.start
                source.lastReadings = delivery.readings
                source.lastApps = delivery.apps
            }
            for (app, count) in delivery.apps { source.apps[app, default: 0] += count }
            byKey[key] = source
        }
        for token in try IngestTokens(ledger).all {
            let key = "token:" + token.id
            if byKey[key] == nil {
                guard token.isActive else { continue }
                byKey[key] = Source(channel: "listener", name: token.name, token: token.id)
            }
            byKey[key]?.isRevoked = !token.isActive
        }
        all = byKey.values.sorted { left, right in
            switch (left.lastDelivery, right.lastDelivery) {
            case let (l?, r?): l != r ? l > r : left.name < right.name
            case (_?, nil): true
            case (nil, _?): false
            case (nil, nil): left.name < right.name
            }
        }
    }
}

extension DeliverySources {
    /// The newest delivery, read from the end of the kind index: one record opened, however
    /// long the log and however many deliveries it holds (the dashboard's Today reads it).
    public static func latest(_ ledger: Ledger) throws -> (delivery: DeliveryReceived, at: Timestamp)? {
        var latest: (delivery: DeliveryReceived, at: Timestamp)?
        try ledger.newestFirst(kinds: [.deliveryReceived], current: false) { stored, _ in
            guard let delivery = try? stored.event.decode(DeliveryReceived.self) else { return true }
            latest = (delivery, stored.event.start)
            return false
        }
        return latest
    }
}
