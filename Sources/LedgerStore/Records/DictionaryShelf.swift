import Foundation
import Synchronization

/// The dictionaries a vault has, shared by the threads that compress (under a lock).
final class DictionaryShelf: Sendable {
    private struct Shelf {
        var dictionaries: [UInt8: [UInt8]] = [:]
        var newest: UInt8?
    }

    private let shelf = Mutex(Shelf())

    var current: UInt8? { shelf.withLock { $0.newest } }

    func bytes(_ id: UInt8) -> [UInt8]? { shelf.withLock { $0.dictionaries[id] } }

    func contains(_ id: UInt8) -> Bool { shelf.withLock { $0.dictionaries[id] != nil } }

    func add(_ id: UInt8, bytes: [UInt8]) {
        shelf.withLock { shelf in
            shelf.dictionaries[id] = bytes
            if shelf.newest.map({ id > $0 }) ?? true { shelf.newest = id }
        }
    }
}
