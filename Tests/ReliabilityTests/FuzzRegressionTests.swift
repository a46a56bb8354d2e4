import LedgerCore
import Testing

/// Inputs that made a fuzz target (Tools/Fuzz) trap, kept so the fix stays: each must now be
/// refused with an error, as any bad record or file is.
@Suite struct FuzzRegressionTests {
    /// record-decoder: a schema varint above Int.max trapped converting it to Int.
    @Test func aRecordWithAnOversizedSchemaVersionIsRefused() {
        let input: [UInt8] = [
            0x0c, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x41, 0xff, 0xff, 0x49, 0x6e, 0x74, 0xff, 0xff, 0xff,
            0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        ]
        #expect(throws: DecodingError.self) { try EnvelopeCodec.decode(input, recordedAt: Timestamp(micros: 0)) }
    }
}
