import LedgerCrypto
import Testing
@testable import HealthImport

@Suite struct ImportIdentityTests {
    let identity = ImportIdentity(key: SecretBytes.random(32))

    @Test func sameRecordSameID() {
        #expect(identity.id("Record", ["HeartRate", "72"]) == identity.id("Record", ["HeartRate", "72"]))
    }

    @Test func fieldBoundariesMatter() {
        #expect(identity.id("Record", ["ab", "c"]) != identity.id("Record", ["a", "bc"]))
    }

    @Test func anotherVaultsKeyGivesAnotherID() {
        let other = ImportIdentity(key: SecretBytes.random(32))
        #expect(identity.id("Record", ["HeartRate", "72"]) != other.id("Record", ["HeartRate", "72"]))
    }

    /// Records of one run share their first bytes; a hash that absorbed them once must give
    /// every record the id a full hash gives, whichever prefix it was built from, including
    /// runs that interleave more sources than it keeps and messages equal to a prefix.
    @Test func idsFromAbsorbedPrefixesEqualFullHashes() {
        var recent = ImportIdentity.RecentPrefixes()
        let prefixes = (0..<6).map { source in Array("R|HeartRate|source \(source)|device".utf8) }
        var generator = SystemRandomNumberGenerator()
        for index in 0..<3_000 {
            let prefix = prefixes[index % 3 == 0 ? Int.random(in: 0..<6, using: &generator) : index % 2]
            let suffix = (0..<Int.random(in: 0..<300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let canonical = prefix + suffix
            let prefixLength = Int.random(in: 0...prefix.count, using: &generator)
            #expect(identity.id(canonical, prefixLength: prefixLength, recent: &recent) == identity.id(canonical))
        }
    }
}
