import Foundation
import Testing
@testable import LedgerCrypto

@Suite struct MerkleTests {
    /// RFC 6962's MTH, computed the slow recursive way from its definition.
    static func referenceRoot(_ leaves: ArraySlice<[UInt8]>) -> [UInt8] {
        if leaves.isEmpty { return MerkleHasher.emptyRoot }
        if leaves.count == 1 { return MerkleHasher.leaf(leaves.first!) }
        var split = 1
        while split * 2 < leaves.count { split *= 2 }
        let middle = leaves.startIndex + split
        return MerkleHasher.node(referenceRoot(leaves[..<middle]), referenceRoot(leaves[middle...]))
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5, 7, 8, 9, 31, 64, 100])
    func theFrontierRootEqualsRFC6962(size: Int) {
        let leaves = (0..<size).map { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8), 0xAB] }
        var frontier = MerkleFrontier()
        for leaf in leaves { frontier.append(leafHash: MerkleHasher.leaf(leaf)) }
        #expect(frontier.root == Self.referenceRoot(leaves[...]))
        #expect(frontier.subtreeRoots.count == size.nonzeroBitCount)
        #expect(MerkleFrontier(serialized: frontier.serialized) == frontier)
    }

    @Test func leafAndNodeHashesAreDomainSeparated() {
        let left = MerkleHasher.leaf([1])
        let right = MerkleHasher.leaf([2])
        #expect(MerkleHasher.node(left, right) != MerkleHasher.leaf(left + right))
        #expect(MerkleHasher.node(left, right) != MerkleHasher.node(right, left))
    }
}

@Suite struct KeyTests {
    @Test func aSlotUnwrapsWithItsSecretAndNothingElse() throws {
        let master = MasterKey.generate()
        let vaultID = secureRandomBytes(16)
        var right = Array("right".utf8), wrong = Array("wrong".utf8)
        let rightSecret = SecretBytes(consuming: &right), wrongSecret = SecretBytes(consuming: &wrong)
        #expect(right.allSatisfy { $0 == 0 }, "the caller's copy is wiped")
        let slot = try KeySlot.wrap(master, kind: .passphrase, secret: rightSecret, vaultID: vaultID, kdf: .interactive)
        let unwrapped = try slot.unwrap(secret: rightSecret, vaultID: vaultID)
        #expect(unwrapped.secret.withBytes(Array.init) == master.secret.withBytes(Array.init))
        #expect(throws: KeySlotError.wrongSecret(.passphrase)) { try slot.unwrap(secret: wrongSecret, vaultID: vaultID) }
        #expect(throws: KeySlotError.wrongSecret(.passphrase)) { try slot.unwrap(secret: rightSecret, vaultID: secureRandomBytes(16)) }
    }

    @Test func secretsNeverPrintTheirBytes() {
        #expect("\(SecretBytes.random(32))" == "SecretBytes(32 bytes)")
    }

    @Test func recoveryCodesReadBackForgivingly() throws {
        let code = RecoveryCode.generate()
        #expect(code.count == 39)
        let normalized = try #require(RecoveryCode.normalized(code))
        #expect(RecoveryCode.normalized(code.lowercased().replacingOccurrences(of: "-", with: " ")) == normalized)
        #expect(RecoveryCode.normalized("short") == nil)
    }

    @Test func derivedKeysDifferByPurposeAndAreStable() {
        let master = MasterKey.generate()
        let sealing = master.derive(.recordSealing).withBytes(Array.init)
        #expect(sealing == master.derive(.recordSealing).withBytes(Array.init))
        #expect(sealing != master.derive(.idIndex).withBytes(Array.init))
    }
}

@Suite struct CheckpointTests {
    @Test func aSignedNoteVerifiesAndAnyChangeBreaksIt() throws {
        let key = SigningKey(seed: .random(32))
        let checkpoint = SignedCheckpoint.sign(origin: "healthledger.local/vault/ab", size: 12, rootHash: MerkleHasher.leaf([1]), key: key)
        let note = checkpoint.note(publicKey: key.publicKey)
        let lines = note.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "healthledger.local/vault/ab")
        #expect(lines[1] == "12")
        #expect(lines[3] == "")
        #expect(lines[4].hasPrefix("— healthledger.local/vault/ab "))
        #expect(try SignedCheckpoint.parse(note: note, publicKey: key.publicKey) == checkpoint)
        #expect(throws: CheckpointError.badSignature) { try SignedCheckpoint.parse(note: note.replacingOccurrences(of: "\n12\n", with: "\n13\n"), publicKey: key.publicKey) }
        let stranger = SigningKey(seed: .random(32))
        #expect(throws: CheckpointError.self) { try SignedCheckpoint.parse(note: note, publicKey: stranger.publicKey) }
    }
}
