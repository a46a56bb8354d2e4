import Foundation
import LedgerCore
@testable import Projections

/// One partition a view drained: its key and its bytes (nil: now empty).
struct DrainedPartition: Equatable, CustomStringConvertible {
    let key: [UInt8]
    let value: [UInt8]?

    var description: String { "\(hex(key)): \(value.map { "\($0.count) bytes" } ?? "emptied")" }
}

func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
}

/// A view's partitions kept as its store keeps them: what `drainChanges` gave, read back
/// through the state's `load`.
final class PartitionMap {
    private(set) var partitions: [[UInt8]: [UInt8]] = [:]

    func load(_ key: [UInt8]) -> [UInt8]? { partitions[key] }

    func save(_ changes: [(key: [UInt8], value: [UInt8]?)]) {
        for change in changes { partitions[change.key] = change.value }
    }
}

/// A view's state folded the ways `ViewContractTests` compares, the way the engine folds a
/// view that starts from nothing (a new vault, a replay).
enum ViewFolds {
    /// What a fresh state drains after adding `events` in order.
    static func drained<P: ProjectionKind>(_: P.Type, _ events: [Event]) throws -> [DrainedPartition] {
        let state = try P.makeState(load: { _ in nil })
        state.startsFromNothing()
        for event in events { try state.add(event) }
        return state.drainChanges().map { DrainedPartition(key: $0.key, value: $0.value) }
    }

    /// The store after adding `kept` then `undone`, saving and letting go of what the state
    /// holds (as a long fold does before a correction arrives), then removing `undone`
    /// newest first, as retractions would.
    static func stored<P: ProjectionKind>(_: P.Type, kept: [Event], undone: [Event] = []) throws -> [[UInt8]: [UInt8]] {
        let store = PartitionMap()
        let state = try P.makeState(load: store.load)
        state.startsFromNothing()
        for event in kept + undone { try state.add(event) }
        store.save(state.drainChanges())
        state.evict()
        for event in undone.reversed() { try state.remove(event) }
        store.save(state.drainChanges())
        return store.partitions
    }

    /// The keys whose bytes differ between two stores, in hex, for a failure's message.
    static func differingKeys(_ one: [[UInt8]: [UInt8]], _ other: [[UInt8]: [UInt8]]) -> [String] {
        Set(one.keys).union(other.keys).filter { one[$0] != other[$0] }.map(hex).sorted()
    }
}
