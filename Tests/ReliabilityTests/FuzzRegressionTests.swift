import Foundation
import LedgerCore
import Query
import Testing
import TestSupport

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

    /// apple-health-xml: an element whose offset is beyond ±18 h could be stored neither as
    /// itself nor as a generic event; skipping it as the first of a batch trapped on the
    /// empty batch. The import now skips it and reads on, here to the document's broken
    /// attribute further down, which it names.
    @Test func anElementThatCannotBeStoredEvenAsTextIsSkippedNotATrap() throws {
        let vault = try CLIVault()
        let export = vault.root + "/export.xml"
        try FileManager.default.copyItem(atPath: Self.fixtures + "/fuzz-unstorable-workout.xml", toPath: export)
        let result = try vault.run(["import", "apple-health", export])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("export.xml: line 9, column 34: attribute 'workoutActiv' in <Workout> has no value"))
        #expect(try vault.run(["audit"]).status == 0)
    }

    /// query-parser: a query ending right after `where` read the token after the end.
    @Test(arguments: ["momomood where ", "mood where", "mood where rating"])
    func aQueryEndingInsideItsConditionIsAnErrorNotATrap(query: String) {
        #expect(throws: QueryError.self) { try Parser.parse(query) }
    }

    /// query-parser: a duration beyond Int64 microseconds trapped converting it.
    @Test(arguments: ["h(" + String(repeating: "4", count: 66) + "0d", "mood where last 300000000y"])
    func aDurationTooLongForMicrosecondsIsAnErrorNotATrap(query: String) {
        #expect(throws: QueryError.self) { try Parser.parse(query) }
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path
}
