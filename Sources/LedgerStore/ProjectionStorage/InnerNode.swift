/// The children of the partition tree's root or of a branch: up to 256 hashes, each named by
/// one byte, held in one buffer of slots rather than a dictionary of arrays. A read over a
/// lifetime's history walks through most of the 256 branches, each naming all 256 leaves: as
/// dictionaries, that was two arrays a child to make, hash, keep and free.
struct InnerNode: Equatable, Sendable {
    /// A slot per name: a byte saying whether the child is there, then its hash.
    private static let slotSize = 1 + PartitionTree.hashSize

    private var slots: [UInt8]
    /// Children named.
    private(set) var count = 0

    init() {
        slots = [UInt8](repeating: 0, count: 256 * Self.slotSize)
    }

    /// Reads what `encoded` writes (children of one-byte names, each then its hash); nil when
    /// the length is not a whole number of children. A name given twice keeps its last hash.
    init?(decoding bytes: UnsafeRawBufferPointer) {
        let width = 1 + PartitionTree.hashSize
        guard bytes.count % width == 0 else { return nil }
        self.init()
        slots.withUnsafeMutableBytes { slots in
            for offset in stride(from: 0, to: bytes.count, by: width) {
                let slot = Int(bytes[offset]) * Self.slotSize
                if slots[slot] == 0 { count += 1 }
                slots[slot] = 1
                slots.baseAddress!.advanced(by: slot + 1)
                    .copyMemory(from: bytes.baseAddress!.advanced(by: offset + 1), byteCount: PartitionTree.hashSize)
            }
        }
    }

    /// The hash of the child named `name`, or nil; setting nil removes the child.
    subscript(name: UInt8) -> [UInt8]? {
        get {
            let slot = Int(name) * Self.slotSize
            guard slots[slot] != 0 else { return nil }
            return Array(slots[(slot + 1)..<(slot + Self.slotSize)])
        }
        set {
            let slot = Int(name) * Self.slotSize
            if let newValue {
                precondition(newValue.count == PartitionTree.hashSize, "a child's hash is \(PartitionTree.hashSize) bytes")
                if slots[slot] == 0 { count += 1 }
                slots[slot] = 1
                slots.replaceSubrange((slot + 1)..<(slot + Self.slotSize), with: newValue)
            } else if slots[slot] != 0 {
                count -= 1
                slots.replaceSubrange(slot..<(slot + Self.slotSize), with: repeatElement(0, count: Self.slotSize))
            }
        }
    }

    var isEmpty: Bool { count == 0 }

    /// The node's bytes as `PartitionTree.encode` writes them: the children by increasing name.
    var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * Self.slotSize)
        for name in 0..<256 where slots[name * Self.slotSize] != 0 {
            bytes.append(UInt8(name))
            bytes += slots[(name * Self.slotSize + 1)..<((name + 1) * Self.slotSize)]
        }
        return bytes
    }
}
