import AgeFormat
import Testing

/// The C2SP age testkit: every vector without armor or post-quantum keys decrypts to the
/// expected payload or fails in the expected way, releasing only the expected plaintext.
@Suite struct TestkitTests {
    @Test func theApplicableVectorsAreAllThere() {
        // 143 vectors, less 33 armored and 18 post-quantum ones.
        #expect(TestVector.applicable.count == 92)
    }

    @Test(arguments: TestVector.applicable)
    func vectorHasItsExpectedOutcome(_ vector: TestVector) throws {
        let outcome = try Outcome.decrypting(vector.file, identities: try vector.ageIdentities())
        #expect(outcome.expect == vector.expect, "\(vector.name): \(outcome)")
        if let payloadHash = vector.payloadHash {
            #expect(outcome.payloadHash == payloadHash, "\(vector.name): \(outcome)")
        }
    }
}
