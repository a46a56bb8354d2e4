@testable import LedgerStore
import PropertyBased
import Testing

/// The root's and branches' children held in one buffer answer as the dictionary of byte
/// names to hashes they replace, and read and write the same node bytes.
@Suite struct InnerNodeTests {
    /// A change, as one number: name `value % 256`, and a hash of one repeated byte
    /// `value / 256`, or a removal when that byte is 0.
    static let changes = Gen.int(in: 0...1_023).array(of: 0...300).map { $0.map { (name: $0 % 256, fill: $0 / 256) } }

    static func hash(_ fill: Int) -> [UInt8] { [UInt8](repeating: UInt8(fill), count: PartitionTree.hashSize) }

    @Test func anySetsAndRemovalsAnswerAsTheDictionaryAndEncodeAsTheTreeDoes() async {
        await propertyCheck(count: 200, input: Self.changes) { changes in
            var node = InnerNode()
            var expected: [UInt8: [UInt8]] = [:]
            for (name, fill) in changes {
                node[UInt8(name)] = fill == 0 ? nil : Self.hash(fill)
                expected[UInt8(name)] = fill == 0 ? nil : Self.hash(fill)
            }
            for name in 0...255 { #expect(node[UInt8(name)] == expected[UInt8(name)]) }
            #expect(node.count == expected.count && node.isEmpty == expected.isEmpty)
            let bytes = PartitionTree.encode(expected.sorted { $0.key < $1.key }.map { (name: [$0.key], hash: $0.value) })
            #expect(node.encoded == bytes)
            #expect(bytes.withUnsafeBytes(InnerNode.init(decoding:)) == node)
        }
    }

    /// Any node bytes, names out of order or given twice included, decode as the dictionary
    /// built from `PartitionTree.decode` did (a later child of the same name wins).
    @Test func anyNodeBytesDecodeAsTheDictionaryDid() async {
        await propertyCheck(count: 200, input: Self.changes) { changes in
            let bytes = PartitionTree.encode(changes.map { (name: [UInt8($0.name)], hash: Self.hash($0.fill)) })
            let expected = PartitionTree.decode(bytes, nameSize: 1)!.reduce(into: [UInt8: [UInt8]]()) { $0[$1.name[0]] = $1.hash }
            let node = bytes.withUnsafeBytes(InnerNode.init(decoding:))!
            for name in 0...255 { #expect(node[UInt8(name)] == expected[UInt8(name)]) }
            #expect(node.count == expected.count)
        }
    }

    /// A full node (a lifetime's branches name all 256 leaves), emptied from the middle out.
    @Test func everyNameSetThenRemovedAnswersAsTheDictionary() {
        var node = InnerNode()
        var expected: [UInt8: [UInt8]] = [:]
        for name in 0...255 {
            node[UInt8(name)] = Self.hash(name % 200 + 1)
            expected[UInt8(name)] = Self.hash(name % 200 + 1)
        }
        #expect(node.count == 256)
        for name in 0...255 { #expect(node[UInt8(name)] == expected[UInt8(name)], "child \(name)") }
        for name in (0...255).map({ ($0 * 101 + 7) % 256 }) {
            for present in expected.keys.prefix(8) { #expect(node[present] == expected[present]) }
            node[UInt8(name)] = nil
            expected[UInt8(name)] = nil
            #expect(node.count == expected.count)
        }
        #expect(node.isEmpty && node == InnerNode())
    }

    @Test func bytesOfNoWholeNumberOfChildrenDoNotDecode() {
        for count in [1, 32, 34, 65] {
            #expect([UInt8](repeating: 7, count: count).withUnsafeBytes(InnerNode.init(decoding:)) == nil)
        }
    }
}
