import LedgerCore
import Testing
@testable import Projections

@Suite struct DayStateCodingTests {
    /// A day stored by daily-metrics v2 (format 1, no summary column) still reads, so that
    /// `replay` can say what v3 changes; its records are samples.
    @Test func aFormatOneDayReadsAsSamples() throws {
        var writer = BinaryWriter()
        writer.byte(1)
        writer.varint(1)
        writer.string("Apple Watch")
        writer.varint(1)
        let stepSeries = MetricCatalog.layout.quantities["HKQuantityTypeIdentifierStepCount"]!
        writer.varint(UInt64(stepSeries))
        writer.varint(0)
        writer.signed(3600)
        writer.signed(1_710_061_200_000_000)
        writer.varint(3_600_000_000)
        writer.float64(1000)
        writer.raw([UInt8](repeating: 0, count: 7) + [7])   // id, high word
        writer.raw([UInt8](repeating: 0, count: 7) + [9])   // id, low word
        let state = try DayState(decoding: writer.bytes, seriesCount: MetricCatalog.layout.series.count, columnCount: MetricCatalog.columns.count)
        let record = try #require(state.records.first)
        #expect(state.records.count == 1 && state.sources == ["Apple Watch"])
        #expect(record.summaryColumn == 0 && Int(record.series) == stepSeries && record.value == 1000)
        #expect(record.end - record.start == 3_600_000_000 && record.utcOffset == 3600)
        #expect(record.idHigh == 7 && record.idLow == 9)
        // Written back, it is today's format and reads the same.
        let again = try DayState(decoding: state.encoded(), seriesCount: MetricCatalog.layout.series.count, columnCount: MetricCatalog.columns.count)
        #expect(again.encoded() == state.encoded() && again.encoded()[0] == DayState.formatVersion)
        var unknown = writer.bytes
        unknown[0] = 9
        #expect(throws: DecodingError.self) {
            try DayState(decoding: unknown, seriesCount: MetricCatalog.layout.series.count, columnCount: MetricCatalog.columns.count)
        }
    }

    /// A day stored by daily-metrics v4 (format 3, no aggregate mark) reads as samples; a
    /// format 4 record keeps its mark through a round trip, and a mark other than 0 or 1 is refused.
    /// Format 5 (v6) adds mark 2: an aggregate with its bucket's extremes after its value.
    @Test func theAggregateMarkIsKeptAndOlderDaysReadWithout() throws {
        let stepSeries = MetricCatalog.layout.quantities["HKQuantityTypeIdentifierStepCount"]!
        func day(format: UInt8, mark: UInt8?, extremes: (Double, Double)? = nil) -> [UInt8] {
            var writer = BinaryWriter()
            writer.byte(format)
            writer.varint(1)
            writer.string("Health Auto Export")
            writer.varint(1)
            writer.varint(UInt64(stepSeries))
            writer.varint(0)
            if let mark { writer.byte(mark) }
            writer.varint(0)
            writer.signed(28_800)
            writer.signed(0)
            writer.signed(1_710_061_200_000_000)
            writer.varint(0)
            writer.float64(400)
            if let extremes {
                writer.float64(extremes.0)
                writer.float64(extremes.1)
            }
            writer.varint(0)
            writer.raw([UInt8](repeating: 0, count: 16))
            return writer.bytes
        }
        func decode(_ bytes: [UInt8]) throws -> DayState {
            try DayState(decoding: bytes, seriesCount: MetricCatalog.layout.series.count, columnCount: MetricCatalog.columns.count)
        }
        #expect(try decode(day(format: 3, mark: nil)).records.first?.isAggregatePoint == false)
        let marked = try decode(day(format: 4, mark: 1))
        #expect(marked.records.first?.isAggregatePoint == true)
        #expect(marked.encoded() == day(format: 5, mark: 1))
        #expect(throws: DecodingError.self) { try decode(day(format: 4, mark: 2)) }
        let bounded = try decode(day(format: 5, mark: 2, extremes: (380, 420)))
        let record = try #require(bounded.records.first)
        #expect(record.isAggregatePoint && record.minimum == 380 && record.maximum == 420)
        #expect(bounded.encoded() == day(format: 5, mark: 2, extremes: (380, 420)))
        #expect(throws: DecodingError.self) { try decode(day(format: 5, mark: 3)) }
    }
}
