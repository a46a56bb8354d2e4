import PropertyBased
import Testing
@testable import LedgerCore

/// Views store the metadata fingerprint of every sample they fold; read in place from the
/// payload, it must be the one the dictionary of the metadata's strings gives.
@Suite("Repeated sample fingerprints")
struct RepeatedSampleFingerprintTests {
    /// Keys that sort apart, save keys, and one key spelled two ways Swift compares equal.
    static let keys = [
        "HKFoodType", "HKMetadataKeySyncIdentifier", "HKMetadataKeySyncVersion", "HKExternalUUID", "HKWasUserEntered",
        "Caf\u{E9}", "Cafe\u{301}", "Zone", "a", "",
    ]

    /// A metadata entry drawn from `seed`: a string most of the time, else another value.
    static func entry(_ seed: UInt64) -> (String, DocValue) {
        let key = keys[Int(seed % UInt64(keys.count))]
        let value: DocValue = switch (seed >> 8) % 5 {
        case 0: .int(Int64(seed >> 12))
        case 1: .bool(seed & 1 << 12 != 0)
        default: .string(["lunch", "", "Black Bean Salad", "walk-\(seed >> 16 % 7)"][Int(seed >> 12) % 4])
        }
        return (key, value)
    }

    @Test("the fingerprint read in place equals the one of the metadata's dictionary, up to and past the in-place limit")
    func fingerprintInPlaceEqualsTheDictionarys() async {
        let longest = RepeatedSample.longestMapReadInPlace + 4
        await propertyCheck(count: 2_000, input: Gen.uint64().array(of: 0...longest)) { seeds in
            let metadata = Document(seeds.map(Self.entry))
            let payload: Document = ["type": .string("HKQuantityTypeIdentifierStepCount"), "metadata": .map(metadata)]
            let expected = RepeatedSample.fingerprint(RepeatedSample.stringMetadata(metadata))
            #expect(RepeatedSample.fingerprint(payload: payload) == expected, "\(metadata)")
        }
    }
}
