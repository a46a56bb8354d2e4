import Synchronization

/// Tree nodes one view store has read and checked, by their hash. A node's hash names its
/// content, so a node checked once is still right whenever a parent names that hash: reads
/// after the first walk down from the checkpoint's root without hashing the wide upper
/// nodes again. A save that changes a node gives it a new hash, which is not here.
final class CheckedNodes: Sendable {
    private let nodes = Mutex<[[UInt8]: [(name: [UInt8], hash: [UInt8])]]>([:])
    /// The root, every branch and a few thousand leaves; forgotten all at once when full.
    private static let capacity = 8_192

    func children(ofNodeHashed hash: [UInt8]) -> [(name: [UInt8], hash: [UInt8])]? {
        nodes.withLock { $0[hash] }
    }

    func remember(_ children: [(name: [UInt8], hash: [UInt8])], ofNodeHashed hash: [UInt8]) {
        nodes.withLock { nodes in
            if nodes.count >= Self.capacity { nodes.removeAll(keepingCapacity: true) }
            nodes[hash] = children
        }
    }
}
