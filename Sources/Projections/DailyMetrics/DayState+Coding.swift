import LedgerCore

/// The stored form of a day: deterministic bytes that decode to the same records.
extension DayState {
    static let formatVersion: UInt8 = 5

    /// Version, the source names in order of first use, then each record. Names are renumbered
    /// so that a day that lost a source to `remove` encodes exactly as if it never had it.
    func encoded() -> [UInt8] {
        var writer = BinaryWriter(capacity: 16 + records.count * 36)
        writer.byte(Self.formatVersion)
        var renumbered = [Int](repeating: -1, count: sources.count)
        var used: [String] = []
        for record in records where renumbered[Int(record.source)] < 0 {
            renumbered[Int(record.source)] = used.count
            used.append(sources[Int(record.source)])
        }
        writer.varint(UInt64(used.count))
        for name in used { writer.string(name) }
        writer.varint(UInt64(records.count))
        for record in records {
            writer.varint(UInt64(record.series))
            writer.varint(UInt64(record.summaryColumn))
            // 2: an aggregate with its bucket's extremes, written after its value (format 5).
            writer.byte(record.hasExtremes ? 2 : record.isAggregatePoint ? 1 : 0)
            writer.varint(UInt64(renumbered[Int(record.source)]))
            writer.signed(Int64(record.utcOffset))
            writer.signed(Int64(record.endUTCOffset) - Int64(record.utcOffset))
            writer.signed(record.start)
            writer.varint(UInt64(record.end - record.start))
            writer.float64(record.value)
            if record.hasExtremes {
                writer.float64(record.minimum)
                writer.float64(record.maximum)
            }
            writer.varint(record.content)
            Self.word(record.idHigh, into: &writer)
            Self.word(record.idLow, into: &writer)
        }
        return writer.bytes
    }

    convenience init(decoding bytes: [UInt8], seriesCount: Int, columnCount: Int) throws(DecodingError) {
        var reader = BinaryReader(bytes)
        let version = try reader.byte()
        // Formats 1 (view v2, no summary column), 2 (view v3, no content fingerprint) and 3
        // (view v4, no aggregate mark) and 4 (view v5, no bucket extremes) are still read: `replay` compares the stored days with the rebuilt ones to say what the
        // new version changes.
        guard (1...Self.formatVersion).contains(version) else {
            throw .malformed("daily metrics day format \(version) is unknown (this build reads 1 to \(Self.formatVersion)); rebuild the projection", at: 0)
        }
        var sources: [String] = []
        for _ in 0..<(try reader.count()) { sources.append(try reader.string()) }
        let count = try reader.count()
        var records: [DayRecord] = []
        records.reserveCapacity(count)
        for _ in 0..<count {
            let series = try reader.varint()
            let summaryColumn = version == 1 ? 0 : try reader.varint()
            let aggregateMark = version < 4 ? 0 : try reader.byte()
            let highestMark = version < 5 ? 1 : 2
            guard aggregateMark <= highestMark else {
                throw .malformed("daily metrics record has aggregate mark \(aggregateMark), not 0 to \(highestMark)", at: reader.offset)
            }
            let source = try reader.varint()
            guard series < seriesCount, source < sources.count, summaryColumn <= columnCount else {
                throw .malformed("daily metrics record names series \(series), column \(summaryColumn) or source \(source) that does not exist", at: reader.offset)
            }
            let offset = try reader.signed()
            let endShift = version < 3 ? 0 : try reader.signed()
            let start = try reader.signed()
            let length = try reader.varint()
            guard let utcOffset = Int32(exactly: offset), let endUTCOffset = Int32(exactly: offset &+ endShift),
                  length <= UInt64(Int64.max - max(0, start)) else {
                throw .malformed("daily metrics record time is out of range", at: reader.offset)
            }
            let value = try reader.float64()
            let (lowest, highest) = aggregateMark == 2 ? (try reader.float64(), try reader.float64()) : (Double.nan, Double.nan)
            let content = version < 3 ? 0 : try reader.varint()
            let high = try Self.word(&reader)
            let low = try Self.word(&reader)
            records.append(DayRecord(
                series: UInt16(series), summaryColumn: UInt16(summaryColumn), isAggregatePoint: aggregateMark != 0, source: UInt16(source), utcOffset: utcOffset, endUTCOffset: endUTCOffset, start: start,
                end: start + Int64(length), value: value, low: lowest, high: highest, content: content, idHigh: high, idLow: low))
        }
        guard reader.isAtEnd else { throw .malformed("daily metrics day has trailing bytes", at: reader.offset) }
        self.init(records: records, sources: sources)
    }

    private static func word(_ value: UInt64, into writer: inout BinaryWriter) {
        withUnsafeBytes(of: value.bigEndian) { writer.raw($0) }
    }

    private static func word(_ reader: inout BinaryReader) throws(DecodingError) -> UInt64 {
        var value: UInt64 = 0
        for byte in try reader.raw(8) { value = value << 8 | UInt64(byte) }
        return value
    }
}
