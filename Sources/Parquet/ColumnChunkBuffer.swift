/// The values of one column for the row group being filled, and their encoding into pages.
struct ColumnChunkBuffer {
    let column: ParquetColumn
    /// Definition levels (1 present, 0 null), kept only for optional columns.
    private var levels: [UInt32] = []
    private var integers: [Int64] = []
    private var doubles: [Double] = []
    /// Every string's UTF-8 bytes back to back, and where each ends: one allocation per
    /// column, so memory follows `estimatedBytes` however short the strings are.
    private var stringBytes: [UInt8] = []
    private var stringEnds: [Int] = []
    private(set) var estimatedBytes = 0
    private var nullCount = 0

    init(_ column: ParquetColumn) { self.column = column }

    mutating func append(_ value: ParquetValue) throws(ParquetError) {
        switch (column.kind, value) {
        case (_, .null):
            guard column.isOptional else { throw .valueMismatch(column: column.name, value: "null (the column is required)") }
            levels.append(0)
            nullCount += 1
            estimatedBytes += 1
            return
        case (.int64, .int(let number)), (.timestampMicros, .int(let number)):
            integers.append(number)
            estimatedBytes += 8
        case (.date, .int(let number)):
            guard let days = Int32(exactly: number) else { throw .valueMismatch(column: column.name, value: "day \(number)") }
            integers.append(Int64(days))
            estimatedBytes += 4
        case (.double, .double(let number)):
            doubles.append(number)
            estimatedBytes += 8
        case (.string, .string(let text)):
            stringBytes.append(contentsOf: text.utf8)
            stringEnds.append(stringBytes.count)
            estimatedBytes += text.utf8.count + 8
        default:
            throw .valueMismatch(column: column.name, value: "\(value)")
        }
        if column.isOptional { levels.append(1) }
    }

    mutating func reset() { self = ColumnChunkBuffer(column) }

    /// The column chunk's pages (dictionary page, if any, then one data page) written at `offset`.
    func encode(rowCount: Int, at offset: Int64, compressor: ZstdPageCompressor) throws -> (bytes: [UInt8], metadata: ColumnChunkMetadata) {
        var bytes: [UInt8] = []
        var uncompressedTotal = 0
        var encodings: [ParquetEncoding] = [.plain]
        var dictionaryOffset: Int64?
        var values: [UInt8]
        var valueEncoding = ParquetEncoding.plain
        if case .string = column.kind, let dictionary = Self.dictionary(strings) {
            var plainDictionary: [UInt8] = []
            for entry in dictionary.entries { Self.appendPlain(entry, to: &plainDictionary) }
            let compressed = try compressor.compress(plainDictionary)
            let header = PageHeader.dictionary(count: dictionary.entries.count, uncompressed: plainDictionary.count, compressed: compressed.count)
            dictionaryOffset = offset
            bytes += header + compressed
            uncompressedTotal += header.count + plainDictionary.count
            let width = RLEHybridEncoder.bitWidth(forMaximum: UInt32(max(0, dictionary.entries.count - 1)))
            values = [UInt8(width)] + RLEHybridEncoder.encode(dictionary.indices, bitWidth: width)
            valueEncoding = .rleDictionary
            encodings.append(.rleDictionary)
        } else {
            values = plainValues()
        }
        var body: [UInt8] = []
        if column.isOptional {
            let encodedLevels = RLEHybridEncoder.encode(levels, bitWidth: 1)
            withUnsafeBytes(of: UInt32(encodedLevels.count).littleEndian) { body.append(contentsOf: $0) }
            body += encodedLevels
            encodings.append(.rle)
        }
        body += values
        let compressed = try compressor.compress(body)
        let header = PageHeader.data(count: rowCount, encoding: valueEncoding, uncompressed: body.count, compressed: compressed.count)
        let dataOffset = offset + Int64(bytes.count)
        bytes += header + compressed
        uncompressedTotal += header.count + body.count
        let metadata = ColumnChunkMetadata(
            column: column, encodings: encodings, valueCount: Int64(rowCount), uncompressedSize: Int64(uncompressedTotal),
            compressedSize: Int64(bytes.count), dataPageOffset: dataOffset, dictionaryPageOffset: dictionaryOffset,
            statistics: statistics())
        return (bytes, metadata)
    }

    private func plainValues() -> [UInt8] {
        var output: [UInt8] = []
        switch column.kind {
        case .int64, .timestampMicros:
            output.reserveCapacity(integers.count * 8)
            for number in integers { withUnsafeBytes(of: number.littleEndian) { output.append(contentsOf: $0) } }
        case .date:
            output.reserveCapacity(integers.count * 4)
            for number in integers { withUnsafeBytes(of: Int32(truncatingIfNeeded: number).littleEndian) { output.append(contentsOf: $0) } }
        case .double:
            output.reserveCapacity(doubles.count * 8)
            for number in doubles { withUnsafeBytes(of: number.bitPattern.littleEndian) { output.append(contentsOf: $0) } }
        case .string:
            output.reserveCapacity(stringBytes.count + 4 * stringEnds.count)
            for text in strings { Self.appendPlain(text, to: &output) }
        }
        return output
    }

    /// The buffered strings, as slices of `stringBytes`.
    private var strings: [ArraySlice<UInt8>] {
        stringEnds.indices.map { index in stringBytes[(index == 0 ? 0 : stringEnds[index - 1])..<stringEnds[index]] }
    }

    private static func appendPlain(_ text: ArraySlice<UInt8>, to output: inout [UInt8]) {
        withUnsafeBytes(of: UInt32(text.count).littleEndian) { output.append(contentsOf: $0) }
        output += text
    }

    /// The distinct strings and each value's index, when they repeat enough to pay off:
    /// at most half the values distinct (a column of ids or free text stays PLAIN).
    private static func dictionary(_ values: [ArraySlice<UInt8>]) -> (entries: [ArraySlice<UInt8>], indices: [UInt32])? {
        guard !values.isEmpty else { return nil }
        var positions: [ArraySlice<UInt8>: UInt32] = [:]
        var entries: [ArraySlice<UInt8>] = []
        var indices: [UInt32] = []
        indices.reserveCapacity(values.count)
        for value in values {
            if let index = positions[value] {
                indices.append(index)
            } else {
                let index = UInt32(entries.count)
                positions[value] = index
                entries.append(value)
                indices.append(index)
                if entries.count * 2 > values.count, entries.count > 1 { return nil }
            }
        }
        return (entries, indices)
    }

    private func statistics() -> ColumnStatistics {
        var statistics = ColumnStatistics(nullCount: Int64(nullCount))
        switch column.kind {
        case .int64, .timestampMicros:
            if let low = integers.min(), let high = integers.max() {
                statistics.bounds = (Self.littleEndian(low), Self.littleEndian(high))
            }
        case .date:
            if let low = integers.min(), let high = integers.max() {
                statistics.bounds = (Self.littleEndian(Int32(low)), Self.littleEndian(Int32(high)))
            }
        case .double:
            // NaN has no place in the order; a zero bound is written as -0.0 (min) and
            // +0.0 (max), so readers that compare either zero skip nothing they should read.
            let ordered = doubles.filter { !$0.isNaN }
            if var low = ordered.min(), var high = ordered.max() {
                if low == 0 { low = -0.0 }
                if high == 0 { high = 0.0 }
                statistics.bounds = (Self.littleEndian(low.bitPattern), Self.littleEndian(high.bitPattern))
            }
        case .string:
            let values = strings
            if var low = values.first, var high = values.first {
                for text in values.dropFirst() {
                    if text.lexicographicallyPrecedes(low) { low = text }
                    if high.lexicographicallyPrecedes(text) { high = text }
                }
                statistics.bounds = (Array(low), Array(high))
            }
        }
        return statistics
    }

    private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
}
