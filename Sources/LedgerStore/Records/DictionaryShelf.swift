import Foundation

/// The dictionaries a vault has, shared by the threads that compress (under a lock).
final class DictionaryShelf: @unchecked Sendable {
    private let lock = NSLock()
    private var dictionaries: [UInt8: [UInt8]] = [:]
    private var newest: UInt8?

    var current: UInt8? { lock.withLock { newest } }

    func bytes(_ id: UInt8) -> [UInt8]? { lock.withLock { dictionaries[id] } }

    func contains(_ id: UInt8) -> Bool { lock.withLock { dictionaries[id] != nil } }

    func add(_ id: UInt8, bytes: [UInt8]) {
        lock.withLock {
            dictionaries[id] = bytes
            if newest.map({ id > $0 }) ?? true { newest = id }
        }
    }
}
