import Foundation
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

    /// record-decoder: a start near Int64.min trapped when the decoded event was written as
    /// text (the local time overflowed); such instants are now refused when decoding.
    @Test func aRecordWithAStartOutsideTheWritableYearsIsRefused() throws {
        let input = try #require(Data(base64Encoded:
            "DgEmiC3/H5a86mox6gF9/////////////////2UBAAAAAAAAAMy7qpkhiHdmVUQzIhEAAgptZWRpY2FwaW9uBQlJYnVwcm9mZW4GZG9zYWdlCAIGYW1vdW50A5ADBHVuaXQFAm1n"
        ).map(Array.init))
        #expect(throws: DecodingError.self) { try EnvelopeCodec.decode(input, recordedAt: Timestamp(micros: 0)) }
    }

    /// The same instants, and an offset of Int32.min, are refused by the validator rather
    /// than trapping while it words its message.
    @Test(arguments: [
        (Timestamp(micros: .min), Int32(0), "start"), (Timestamp(micros: .max), 0, "start"), (Timestamp(micros: 0), .min, "utcOffset"),
    ])
    func extremeTimesAndOffsetsAreRefusedByTheValidator(start: Timestamp, utcOffset: Int32, field: String) {
        let event = Event(MoodRated(rating: 5), start: start, utcOffset: utcOffset)
        #expect { try EventValidator.validate(event) } throws: { ($0 as? ValidationError)?.field == field }
    }
}
