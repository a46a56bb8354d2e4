import Foundation
public import LedgerCore

/// The activities started and not yet stopped, and when the latest stop was: the fold of
/// every start and stop as they read now (corrections applied, retracted ones left out).
public struct RunningActivities: Equatable, Sendable {
    public struct Running: Equatable, Sendable {
        public let id: EventID
        public let sequence: UInt64
        public let name: String
        public let start: Timestamp
    }

    /// In the order they were started (in the log).
    public private(set) var running: [Running] = []
    public private(set) var lastStop: Timestamp?

    public init() {}

    /// Takes one start or stop, in log order.
    mutating func apply(_ fact: ActivityFact, id: EventID, sequence: UInt64) {
        switch fact {
        case let .started(name, start):
            running.append(Running(id: id, sequence: sequence, name: name, start: start))
        case let .stopped(name, startedBy, start):
            // A stop names the start it ends; one without (or whose start has ended) ends the
            // oldest running one of its name.
            let index = startedBy.flatMap { id in running.firstIndex { $0.id == id } }
                ?? running.firstIndex { $0.name.caseInsensitiveCompare(name) == .orderedSame }
            if let index { running.remove(at: index) }
            lastStop = max(lastStop ?? start, start)
        }
    }
}

extension RunningActivities {
    var encoded: [UInt8] {
        var writer = BinaryWriter(capacity: 16 + running.count * 48)
        writer.byte(lastStop == nil ? 0 : 1)
        writer.signed(lastStop?.micros ?? 0)
        writer.varint(UInt64(running.count))
        for item in running {
            writer.raw(item.id.bytes)
            writer.varint(item.sequence)
            writer.signed(item.start.micros)
            writer.string(item.name)
        }
        return writer.bytes
    }

    init(encoded bytes: [UInt8]) throws(DecodingError) {
        var reader = BinaryReader(bytes)
        let hasStop = try reader.byte()
        let stop = try reader.signed()
        lastStop = hasStop == 1 ? Timestamp(micros: stop) : nil
        let count = try reader.count()
        for _ in 0..<count {
            guard let id = EventID(bytes: try reader.raw(EventID.byteCount)) else { throw .malformed("event id", at: reader.offset) }
            let sequence = try reader.varint()
            let start = try reader.signed()
            running.append(Running(id: id, sequence: sequence, name: try reader.string(), start: Timestamp(micros: start)))
        }
        try reader.expectEnd(of: "running activities")
    }
}
