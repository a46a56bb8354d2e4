import LedgerCore
import LedgerCrypto
import PropertyBased
import Testing
import TestSupport
@testable import LedgerStore

/// The tree edges `audit --since` starts from: at every size the vault signed they rebuild
/// exactly the tree its records make, however the appends were cut into commits.
@Suite struct TreeEdgesTests {
    @Test func theFrontierAtEverySignedSizeIsTheOneTheRecordsMake() async throws {
        await propertyCheck(count: 12, input: Gen.int(in: 1...600).array(of: 1...8)) { commits in
            await recordingThrownErrors {
                let vault = try ScratchVault()
                let ledger = try vault.open()
                var signed: [UInt64] = []
                var first = 0
                for count in commits {
                    try ledger.append(MoodEvents.events(count: count, first: first))
                    first += count
                    signed.append(try ledger.count())
                }
                try ledger.environment.read { txn in
                    var leaves = MerkleFrontier()
                    var expected: [UInt64: MerkleFrontier] = [:]
                    try ledger.scanRecords(txn, from: 0) { _, record, _ in
                        leaves.append(leafHash: MerkleHasher.leaf(record))
                        if signed.contains(leaves.size) { expected[leaves.size] = leaves }
                        return true
                    }
                    for size in signed {
                        #expect(try ledger.databases.treeEdges.frontier(txn, at: size) == expected[size], "size \(size) of commits \(commits)")
                    }
                }
            }
        }
    }

    /// The rebuild hashes records a chunk at a time on both cores: commits of up to 1,500
    /// events make chunks cut across commits and the last one short.
    @Test func edgesRebuiltFromNoneAreTheOnesTheAppendsKept() async throws {
        await propertyCheck(count: 5, input: Gen.int(in: 1...1_500).array(of: 1...8)) { commits in
            await recordingThrownErrors {
                let vault = try ScratchVault()
                let ledger = try vault.open()
                var first = 0
                for count in commits {
                    try ledger.append(MoodEvents.events(count: count, first: first))
                    first += count
                }
                let kept = try Self.storedEdges(ledger)
                try ledger.environment.write { txn in
                    let cursor = try txn.cursor(ledger.databases.treeEdges.database)
                    while try cursor.move(.first) != nil { try cursor.deleteCurrent() }
                }
                let rebuild = try ledger.rebuildTreeEdges()
                #expect(rebuild.records == UInt64(first) && rebuild.replaced == 0 && rebuild.edges == kept.count, "\(rebuild) of commits \(commits)")
                #expect(try Self.storedEdges(ledger) == kept, "commits \(commits)")
            }
        }
    }

    /// Every stored tree edge, by size.
    static func storedEdges(_ ledger: Ledger) throws -> [[UInt8]: [UInt8]] {
        try ledger.environment.read { txn in
            var edges: [[UInt8]: [UInt8]] = [:]
            let cursor = try txn.cursor(ledger.databases.treeEdges.database)
            var entry = try cursor.move(.first)
            while let (key, value) = entry {
                edges[Array(key)] = Array(value)
                entry = try cursor.move(.next)
            }
            return edges
        }
    }

    @Test func aSubtreeJoinedByItsRootEqualsItsLeavesJoinedOneByOne() async {
        await propertyCheck(count: 50, input: Gen.int(in: 0...40), Gen.int(in: 0...6)) { wholeBlocks, height in
            var byLeaves = MerkleFrontier(), byRoots = MerkleFrontier()
            for block in 0..<wholeBlocks {
                var subtree = MerkleFrontier()
                for leaf in 0..<(1 << height) {
                    let hash = MerkleHasher.leaf([UInt8(truncatingIfNeeded: block), UInt8(truncatingIfNeeded: leaf), UInt8(height)])
                    subtree.append(leafHash: hash)
                    byLeaves.append(leafHash: hash)
                }
                byRoots.append(subtreeRoot: subtree.root, height: height)
            }
            #expect(byRoots == byLeaves)
        }
    }
}
