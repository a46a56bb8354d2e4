import Foundation
import LedgerCore
import Testing
import TestSupport
@testable import LedgerStore

@Suite struct BlobStoreTests {
    let image: [UInt8] = [0xff, 0xd8, 0xff, 0xe0] + (0..<600).map { UInt8(truncatingIfNeeded: $0 &* 31) } + [0xff, 0xd9]

    @Test func aStoredBlobReadsBackByteIdenticalAfterReopening() throws {
        let vault = try ScratchVault()
        let name = try vault.open().storeBlob(image)
        #expect(name.count == 32)
        #expect(try vault.open().blob(named: name) == image)
    }

    @Test func theSameBytesAreStoredOnceUnderOneName() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let first = try ledger.storeBlob(image)
        let second = try ledger.storeBlob(image)
        let other = try ledger.storeBlob(image + [0])
        #expect(first == second)
        #expect(first != other)
        #expect(try entries(ledger).count == 4, "a wrapped key and a content entry per distinct blob")
    }

    @Test func theContentIsNotStoredInClearAndItsNameDependsOnTheVault() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let name = try ledger.storeBlob(image)
        let stored = try entries(ledger)
        let content = try #require(stored[BlobEntry.content(name)])
        #expect(!content.windowOf(Array(image[4..<36])))
        #expect(try ScratchVault().open().storeBlob(image) != name)
    }

    @Test(arguments: [BlobEntry.content, BlobEntry.wrappedKey])
    func aChangedByteIsAnErrorNamingTheBlob(entry: @Sendable (String) -> [UInt8]) throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let name = try ledger.storeBlob(image)
        try ledger.environment.write { txn in
            var bytes = try #require(try txn.get(ledger.databases.blobs, key: entry(name)))
            bytes[bytes.count - 5] ^= 0x01
            try txn.put(ledger.databases.blobs, key: entry(name), value: bytes)
        }
        let error = try #require(throws: BlobError.self) { try ledger.blob(named: name) }
        #expect(error.isDamaged)
        #expect(error.description.contains(name))
    }

    @Test func contentSwappedBetweenNamesDoesNotOpen() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let first = try ledger.storeBlob(image)
        let second = try ledger.storeBlob(Array(image.reversed()))
        try ledger.environment.write { txn in
            let content = try #require(try txn.get(ledger.databases.blobs, key: BlobEntry.content(second)))
            try txn.put(ledger.databases.blobs, key: BlobEntry.content(first), value: content)
        }
        #expect(throws: BlobError.self) { try ledger.blob(named: first) }
    }

    @Test func destroyingTheWrappedKeyLeavesTheBlobUnreadable() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let name = try ledger.storeBlob(image)
        try ledger.environment.write { txn in try txn.delete(ledger.databases.blobs, key: BlobEntry.wrappedKey(name)) }
        let error = try #require(throws: BlobError.self) { try ledger.blob(named: name) }
        #expect(!error.isDamaged)
        #expect(error.description.contains("erased"))
    }

    @Test func anUnknownNameIsAClearError() throws {
        let vault = try ScratchVault()
        let error = try #require(throws: BlobError.self) { try vault.open().blob(named: "0123456789abcdef0123456789abcdef") }
        #expect(error.description == "no blob named 0123456789abcdef0123456789abcdef in this vault")
    }

    private func entries(_ ledger: Ledger) throws -> [[UInt8]: [UInt8]] {
        try ledger.environment.read { txn in
            var found: [[UInt8]: [UInt8]] = [:]
            let cursor = try txn.cursor(ledger.databases.blobs)
            var entry = try cursor.move(.first)
            while let (key, value) = entry {
                found[Array(key)] = Array(value)
                entry = try cursor.move(.next)
            }
            return found
        }
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs anywhere in these bytes.
    func windowOf(_ needle: [UInt8]) -> Bool {
        guard needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { Array(self[$0..<($0 + needle.count)]) == needle }
    }
}
