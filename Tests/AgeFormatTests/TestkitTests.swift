import AgeFormat
import Testing

/// The C2SP age testkit: every vector without post-quantum keys decrypts to the
/// expected payload or fails in the expected way, releasing only the expected plaintext.
@Suite struct TestkitTests {
    @Test func theApplicableVectorsAreAllThere() {
        // 143 vectors, less the 19 that need post-quantum keys (18 hybrid_*, armor_hybrid).
        #expect(TestVector.applicable.count == 124)
    }

    @Test(arguments: TestVector.applicable)
    func vectorHasItsExpectedOutcome(_ vector: TestVector) throws {
        let outcome = try Outcome.decrypting(vector.file, identities: try vector.ageIdentities(), armored: vector.armored)
        #expect(outcome.expect == vector.expect, "\(vector.name): \(outcome)")
        if let payloadHash = vector.payloadHash {
            #expect(outcome.payloadHash == payloadHash, "\(vector.name): \(outcome)")
        }
    }
}
