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
}
