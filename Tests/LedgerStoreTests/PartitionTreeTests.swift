import LedgerCore
@testable import LedgerStore
import PropertyBased
import Testing
import TestSupport

/// A view's partitions bound by a hash tree: each read checks what it reads, a save
/// rehashes what it changes, and `checkAllPartitions` (audit) checks everything.
@Suite struct PartitionTreeTests {
    static let view = "tree-test"

    static func key(_ number: Int) -> [UInt8] { Array("partition-\(number)".utf8) }

    static func checkpoint(_ size: UInt64) -> ProjectionCheckpoint { ProjectionCheckpoint(version: 1, size: size, root: []) }

    /// A store holding partitions 0..<count, saved in several saves.
    static func store(_ vault: ScratchVault, count: Int) throws -> ProjectionStore {
        let store = try vault.ledger.projectionStore(view)
        for first in stride(from: 0, to: count, by: 50) {
            let changes = (first..<min(count, first + 50)).map { (key: key($0), value: Optional(Array("value \($0)".utf8))) }
            try store.write(changes, checkpoint: checkpoint(UInt64(first)))
        }
        return store
    }

    /// Every raw (key, value) of the store's database, as someone with the file sees them.
    static func rawEntries(_ vault: ScratchVault, _ store: ProjectionStore) throws -> [(key: [UInt8], value: [UInt8])] {
        try vault.ledger.environment.read { txn in
            var entries: [(key: [UInt8], value: [UInt8])] = []
            let cursor = try txn.cursor(store.database)
            var entry = try cursor.move(.first)
            while let (key, value) = entry {
                entries.append((Array(key), Array(value)))
                entry = try cursor.move(.next)
            }
            return entries
        }
    }

    static func isMismatch(_ error: any Error) -> Bool {
        "\(error)".contains("does not match the partitions its checkpoint was saved with")
    }

    /// A view opened again (the dashboard does after every append) reads through the nodes
    /// the ledger already checked in that generation: none again for an unchanged partition,
    /// and after a save only the nodes on the changed partition's path.
    @Test func aViewOpenedAgainChecksOnlyTheNodesASaveChanged() throws {
        let vault = try ScratchVault()
        let first = try Self.store(vault, count: 600)
        _ = try first.checkpoint()
        #expect(try first.read(Self.key(7)) == Array("value 7".utf8))
        #expect(try first.read(Self.key(8)) == Array("value 8".utf8))
        let afterFirstRead = first.checkedNodes.nodesChecked
        #expect(afterFirstRead > 0)

        let again = try vault.ledger.projectionStore(Self.view)
        _ = try again.checkpoint()
        #expect(try again.read(Self.key(7)) == Array("value 7".utf8))
        #expect(again.checkedNodes.nodesChecked == afterFirstRead, "nothing checked again")

        try again.write([(key: Self.key(7), value: Array("changed".utf8))], checkpoint: Self.checkpoint(700))
        let afterSave = try vault.ledger.projectionStore(Self.view)
        _ = try afterSave.checkpoint()
        let beforeRead = afterSave.checkedNodes.nodesChecked
        #expect(try afterSave.read(Self.key(7)) == Array("changed".utf8))
        #expect(try afterSave.read(Self.key(8)) == Array("value 8".utf8))
        #expect(afterSave.checkedNodes.nodesChecked - beforeRead <= 3, "the changed path's root, branch and leaf at most")
    }

    /// The checked nodes a ledger keeps for as long as it is open stay bounded by the children
    /// they name, however many stale roots and branches (256 children each) saves leave.
    @Test func checkedNodesStayBoundedByTheChildrenTheyName() {
        let nodes = CheckedNodes()
        var wide = InnerNode()
        for name in 0...255 { wide[UInt8(name)] = [UInt8](repeating: UInt8(name), count: 32) }
        for number in 0..<2_000 {
            nodes.remember(inner: wide, hashed: Array("branch \(number)".utf8))
            nodes.remember(leaf: [Array("partition \(number)".utf8): [1]], hashed: Array("leaf \(number)".utf8))
            #expect(nodes.childrenHeld.inner <= CheckedNodes.innerChildLimit && nodes.childrenHeld.leaves <= CheckedNodes.leafChildLimit)
        }
        #expect(nodes.childrenHeld.inner > CheckedNodes.innerChildLimit / 2, "the newest are kept")
        #expect(nodes.inner(hashed: Array("branch 1999".utf8)) == wide)
    }

    /// Any sequence of saves and deletions: every partition reads back through its checked
    /// path as the whole-state read has it, misses included, and the tree the saves updated
    /// bit by bit is the one built from scratch over the same partitions.
    @Test func readsThroughTheTreeEqualTheFullReadAfterAnySaves() async throws {
        // Each change is one number: partition `value % 61`, deleted when `value / 61` is 0.
        let saves = Gen.int(in: 0...(61 * 4 - 1)).array(of: 1...25).array(of: 1...6)
        await propertyCheck(count: 40, input: saves) { saves in
            let vault = try! ScratchVault()
            let store = try! vault.ledger.projectionStore(Self.view)
            var expected: [[UInt8]: [UInt8]] = [:]
            for (index, save) in saves.enumerated() {
                let changes = save.map { value in
                    let number = value % 61, action = value / 61
                    return (key: Self.key(number), value: action == 0 ? nil : Optional(Array("v\(index) \(number) \(action)".utf8)))
                }
                for change in changes { expected[change.key] = change.value }
                try! store.write(changes, checkpoint: Self.checkpoint(UInt64(index)))
            }
            let all = try! store.allPartitions()
            #expect(Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0.value) }) == expected)
            for number in 0...60 { #expect(try! store.read(Self.key(number)) == expected[Self.key(number)]) }
            #expect(throws: Never.self) { try store.checkAllPartitions() }
            #expect(try! store.checkpoint()?.size == UInt64(saves.count - 1))
        }
    }

    /// A partition rolled back to an older copy is refused where it is read and named by
    /// audit; reading the view and its other partitions does not look at it.
    @Test func aRolledBackPartitionIsRefusedWhereReadAndNamedByAudit() throws {
        let vault = try ScratchVault()
        let store = try Self.store(vault, count: 200)
        let stored = store.storedKey(Self.key(7))
        let olderCopy = try #require(try Self.rawEntries(vault, store).first { $0.key == stored })
        try store.write([(Self.key(7), Array("newer".utf8))], checkpoint: Self.checkpoint(300))
        try vault.ledger.environment.write { txn in try txn.put(store.database, key: stored, value: olderCopy.value) }

        #expect(try store.checkpoint()?.size == 300)
        #expect(try store.read(Self.key(8)) == Array("value 8".utf8))
        #expect { try store.read(Self.key(7)) } throws: { Self.isMismatch($0) }
        #expect { try store.checkAllPartitions() } throws: { Self.isMismatch($0) }
        #expect { try store.write([(Self.key(7), Array("again".utf8))], checkpoint: Self.checkpoint(301)) } throws: { Self.isMismatch($0) }
    }

    @Test func aDeletedPartitionIsRefusedWhereReadNotReadAsMissing() throws {
        let vault = try ScratchVault()
        let store = try Self.store(vault, count: 120)
        let stored = try vault.ledger.environment.read { txn in try txn.get(store.database, key: store.storedKey(Self.key(3))) }
        #expect(stored != nil)
        try vault.ledger.environment.write { txn in try txn.delete(store.database, key: store.storedKey(Self.key(3))) }
        #expect { try store.read(Self.key(3)) } throws: { Self.isMismatch($0) }
        #expect(try store.read(Self.key(4)) != nil)
        #expect { try store.checkAllPartitions() } throws: { Self.isMismatch($0) }
    }

    @Test func swappedPartitionsAndAnInjectedEntryAreRefused() throws {
        let vault = try ScratchVault()
        let store = try Self.store(vault, count: 60)
        let first = store.storedKey(Self.key(1)), second = store.storedKey(Self.key(2))
        try vault.ledger.environment.write { txn in
            let a = try #require(try txn.get(store.database, key: first)), b = try #require(try txn.get(store.database, key: second))
            try txn.put(store.database, key: first, value: b)
            try txn.put(store.database, key: second, value: a)
        }
        #expect { try store.read(Self.key(1)) } throws: { Self.isMismatch($0) }
        #expect { try store.checkAllPartitions() } throws: { Self.isMismatch($0) }

        let other = try ScratchVault()
        let injected = try Self.store(other, count: 10)
        let stray = try #require(try Self.rawEntries(other, injected).first { PartitionTree.isPartitionKey($0.key) })
        try other.ledger.environment.write { txn in try txn.put(injected.database, key: [9, 9], value: stray.value) }
        #expect(try injected.read(Self.key(0)) != nil)
        #expect { try injected.checkAllPartitions() } throws: { Self.isMismatch($0) }
    }

    /// `checkAllPartitions` walks the view in key order holding one leaf at a time: a node
    /// no partition makes, or a changed branch, is still refused.
    @Test func aStrayNodeOrAChangedBranchIsRefusedByTheWholeCheck() throws {
        let vault = try ScratchVault()
        let store = try Self.store(vault, count: 300)
        try store.checkAllPartitions()
        let nodes = try Self.rawEntries(vault, store).filter { PartitionTree.isNodeKey($0.key) }
        let leaf = try #require(nodes.first { $0.key.count == 3 })
        let used = Set(nodes.map(\.key))
        let unused = try #require((0...255).lazy.map { PartitionTree.leafKey(UInt8($0), 255) }.first { !used.contains($0) })
        try vault.ledger.environment.write { txn in try txn.put(store.database, key: unused, value: leaf.value) }
        #expect { try store.checkAllPartitions() } throws: { Self.isMismatch($0) }

        let other = try ScratchVault()
        let changed = try Self.store(other, count: 300)
        let branch = try #require(try Self.rawEntries(other, changed).first { PartitionTree.isNodeKey($0.key) && $0.key.count == 2 })
        var bytes = branch.value
        bytes[bytes.count - 1] ^= 1
        try other.ledger.environment.write { txn in try txn.put(changed.database, key: branch.key, value: bytes) }
        #expect { try changed.checkAllPartitions() } throws: { Self.isMismatch($0) }
    }

    /// The previous version bound partitions with a digest of the whole set: such a state is
    /// checked once, bound with a tree in one transaction, and reads the same after.
    @Test func aStateSavedWithTheSetDigestIsUpgradedOnce() throws {
        let vault = try ScratchVault()
        let store = try Self.store(vault, count: 80)
        try Self.rewriteAsPreviousVersion(vault, store)
        #expect(try store.checkpoint()?.size == 50)

        #expect(try store.upgradeToPartitionTree() == 80)
        #expect(try store.upgradeToPartitionTree() == nil)
        for number in 0..<80 { #expect(try store.read(Self.key(number)) == Array("value \(number)".utf8)) }
        try store.checkAllPartitions()
    }

    @Test func aTamperedSetDigestStateIsRefusedNotUpgraded() throws {
        let vault = try ScratchVault()
        let store = try Self.store(vault, count: 30)
        try Self.rewriteAsPreviousVersion(vault, store)
        try vault.ledger.environment.write { txn in try txn.delete(store.database, key: store.storedKey(Self.key(5))) }
        #expect { try store.upgradeToPartitionTree() } throws: { Self.isMismatch($0) }
        #expect { try store.checkpoint() } throws: { Self.isMismatch($0) }
    }

    /// Drops the tree's nodes and seals the checkpoint with the set digest, as the previous version saved it.
    static func rewriteAsPreviousVersion(_ vault: ScratchVault, _ store: ProjectionStore) throws {
        let entries = try Self.rawEntries(vault, store)
        let projectionKey = try vault.ledger.projectionKey
        var digest = PartitionSetDigest()
        for entry in entries where PartitionTree.isPartitionKey(entry.key) {
            entry.key.withUnsafeBytes { key in
                entry.value.withUnsafeBytes { digest.toggle(storedKey: key, sealed: $0, key: projectionKey) }
            }
        }
        try vault.ledger.environment.write { txn in
            var checkpoint = try #require(try store.storedCheckpoint(txn))
            for entry in entries where PartitionTree.isNodeKey(entry.key) { try txn.delete(store.database, key: entry.key) }
            checkpoint.partitions = .setDigest(digest)
            try store.putCheckpoint(checkpoint, txn)
        }
    }
}
