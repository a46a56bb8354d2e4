import Foundation
import LedgerCore
import LedgerCrypto
import LedgerStore
import Projections
import TestSupport

extension ScratchVault {
    /// Appends a mood `rating` at `seconds` since 1970, in UTC.
    @discardableResult
    func mood(_ rating: Double, at seconds: Int64 = 1_767_261_600) throws -> Event {
        let event = Event(MoodRated(rating: rating), start: Timestamp(micros: seconds * 1_000_000), utcOffset: 0)
        try ledger.append([event])
        return event
    }
}

/// Per kind, how many events there are (v1) — or, from v2 on, mood ratings summed instead
/// of counted: an algorithm change whose replay diff the tests know exactly.
class KindTally: ProjectionState {
    private var totals: [String: Int64] = [:]
    private var changed: Set<String> = []
    private let load: ([UInt8]) throws -> [UInt8]?
    private let sumsMoods: Bool

    init(load: @escaping ([UInt8]) throws -> [UInt8]?, sumsMoods: Bool) {
        self.load = load
        self.sumsMoods = sumsMoods
    }

    func total(_ kind: EventKind) throws -> Int64 {
        if let known = totals[kind.rawValue] { return known }
        let stored = try load(Array(kind.rawValue.utf8)).map { Int64(String(decoding: $0, as: UTF8.self)) ?? 0 } ?? 0
        totals[kind.rawValue] = stored
        return stored
    }

    private func weight(_ event: Event) -> Int64 {
        guard sumsMoods, let mood = try? event.decode(MoodRated.self) else { return 1 }
        return Int64(mood.rating)
    }

    func add(_ event: Event) throws {
        totals[event.kind.rawValue] = try total(event.kind) + weight(event)
        changed.insert(event.kind.rawValue)
    }

    func evict() { totals = totals.filter { changed.contains($0.key) } }

    var residentSize: Int { totals.count * 64 }

    func remove(_ event: Event) throws {
        totals[event.kind.rawValue] = try total(event.kind) - weight(event)
        changed.insert(event.kind.rawValue)
    }

    func drainChanges() -> [(key: [UInt8], value: [UInt8]?)] {
        defer { changed.removeAll() }
        return changed.sorted().map { (Array($0.utf8), Array(String(totals[$0]!).utf8)) }
    }
}

enum KindTallyV1: ProjectionKind {
    static let name = "kind-tally"
    static let version = 1
    static func makeState(load: @escaping ([UInt8]) throws -> [UInt8]?) throws -> KindTally { KindTally(load: load, sumsMoods: false) }
    static func describeChanges(from old: KindTally, to new: KindTally, keys: [[UInt8]]) throws -> [String] {
        try keys.map { key in
            let kind = EventKind(rawValue: String(decoding: key, as: UTF8.self))!
            return "\(kind.rawValue): \(try old.total(kind)) → \(try new.total(kind))"
        }
    }
}

enum KindTallyV2: ProjectionKind {
    static let name = "kind-tally"
    static let version = 2
    static func makeState(load: @escaping ([UInt8]) throws -> [UInt8]?) throws -> KindTally { KindTally(load: load, sumsMoods: true) }
    static func describeChanges(from old: KindTally, to new: KindTally, keys: [[UInt8]]) throws -> [String] {
        try KindTallyV1.describeChanges(from: old, to: new, keys: keys)
    }
}
