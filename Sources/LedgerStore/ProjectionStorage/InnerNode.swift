/// The children of the partition tree's root or of a branch: up to 256 hashes, each named by
/// one byte, held in two buffers rather than a dictionary of arrays. A read over a lifetime's
/// history walks through most of the 256 branches, each naming all 256 leaves: as
/// dictionaries, that was two arrays a child to make, hash, keep and free. A node of a few
/// children (a small view's branches, which the checked nodes' cache holds by the hundred)
/// stays small: the hashes are packed, and a table of 256 places says where each one is.
struct InnerNode: Sendable {
    /// Per name, 1 + the child's place in `hashes`, or 0 for no child.
    private var places: [UInt16]
    /// The children's hashes, packed, in the order they were named.
    private var hashes: [UInt8] = []
    /// Which name each packed hash belongs to, so that a removal can move the last one in.
    private var names: [UInt8] = []

    var count: Int { names.count }

    init() {
        places = [UInt16](repeating: 0, count: 256)
    }

    /// Reads what `encoded` writes (children of one-byte names, each then its hash); nil when
    /// the length is not a whole number of children. A name given twice keeps its last hash.
    init?(decoding bytes: UnsafeRawBufferPointer) {
        let width = 1 + PartitionTree.hashSize
        guard bytes.count % width == 0 else { return nil }
        self.init()
        hashes.reserveCapacity(bytes.count / width * PartitionTree.hashSize)
        names.reserveCapacity(bytes.count / width)
        for offset in stride(from: 0, to: bytes.count, by: width) {
            self[bytes[offset]] = Array(bytes[(offset + 1)..<(offset + width)])
        }
    }

    /// The hash of the child named `name`, or nil; setting nil removes the child.
    subscript(name: UInt8) -> [UInt8]? {
        get {
            let place = Int(places[Int(name)])
            guard place != 0 else { return nil }
            return Array(hashes[Self.range(place - 1)])
        }
        set {
            let place = Int(places[Int(name)])
            switch (place, newValue) {
            case (0, let hash?):
                precondition(hash.count == PartitionTree.hashSize, "a child's hash is \(PartitionTree.hashSize) bytes")
                hashes += hash
                names.append(name)
                places[Int(name)] = UInt16(names.count)
            case (_, let hash?):
                precondition(hash.count == PartitionTree.hashSize, "a child's hash is \(PartitionTree.hashSize) bytes")
                hashes.replaceSubrange(Self.range(place - 1), with: hash)
            case (0, nil):
                break
            case (_, nil):
                // The last child moves into the removed one's place.
                let last = names.count - 1
                if place - 1 != last {
                    hashes.replaceSubrange(Self.range(place - 1), with: hashes[Self.range(last)])
                    names[place - 1] = names[last]
                    places[Int(names[last])] = UInt16(place)
                }
                hashes.removeLast(PartitionTree.hashSize)
                names.removeLast()
                places[Int(name)] = 0
            }
        }
    }

    var isEmpty: Bool { names.isEmpty }

    /// The node's bytes as `PartitionTree.encode` writes them: the children by increasing name.
    var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * (1 + PartitionTree.hashSize))
        for name in 0..<256 where places[name] != 0 {
            bytes.append(UInt8(name))
            bytes += hashes[Self.range(Int(places[name]) - 1)]
        }
        return bytes
    }

    private static func range(_ index: Int) -> Range<Int> {
        (index * PartitionTree.hashSize)..<((index + 1) * PartitionTree.hashSize)
    }
}

extension InnerNode: Equatable {
    /// The same children, whatever order they were named in.
    static func == (lhs: InnerNode, rhs: InnerNode) -> Bool {
        lhs.count == rhs.count && lhs.encoded == rhs.encoded
    }
}
