import LedgerCore

extension SeriesTable {
    /// Columns one after another: times as deltas (rows are mostly in time order, so deltas
    /// are small varints), fields in name order, texts as indexes into their distinct values.
    var encoded: [UInt8] {
        var writer = BinaryWriter(capacity: count * 24 + 64)
        writer.varint(UInt64(count))
        var previous: Int64 = 0
        for start in starts {
            writer.signed(start &- previous)
            previous = start
        }
        for index in 0..<count { writer.signed(ends[index] &- starts[index]) }
        for offset in offsets { writer.signed(Int64(offset)) }
        for index in 0..<count {
            withUnsafeBytes(of: idHigh[index].bigEndian) { writer.raw($0) }
            withUnsafeBytes(of: idLow[index].bigEndian) { writer.raw($0) }
        }
        writer.varint(UInt64(numbers.count))
        for (name, values) in numbers.sorted(by: { $0.key < $1.key }) {
            writer.string(name)
            for value in values { writer.float64(value) }
        }
        writer.varint(UInt64(texts.count))
        for (name, values) in texts.sorted(by: { $0.key < $1.key }) {
            writer.string(name)
            let codes = Self.textCodes(values)
            writer.varint(UInt64(codes.distinct.count))
            for text in codes.distinct { writer.string(text) }
            for code in codes.rows { writer.varint(UInt64(code)) }
        }
        return writer.bytes
    }

    /// A text column's distinct values in order of appearance, and each row's 1-based index
    /// into them (0 for none). Rows come in runs of one value (a source, a unit), so a row
    /// equal to the one before needs no lookup.
    private static func textCodes(_ column: [String?]) -> (distinct: [String], rows: [Int]) {
        var codes: [String: Int] = [:]
        var distinct: [String] = []
        var rows: [Int] = []
        rows.reserveCapacity(column.count)
        var previous: (text: String, code: Int)?
        for text in column {
            guard let text else {
                rows.append(0)
                continue
            }
            if let previous, previous.text == text {
                rows.append(previous.code)
                continue
            }
            let code = codes[text] ?? {
                distinct.append(text)
                codes[text] = distinct.count
                return distinct.count
            }()
            rows.append(code)
            previous = (text, code)
        }
        return (distinct, rows)
    }

    init(encoded bytes: [UInt8]) throws(DecodingError) {
        var reader = BinaryReader(bytes)
        let count = try reader.count()
        starts.reserveCapacity(count)
        var previous: Int64 = 0
        for _ in 0..<count {
            previous = previous &+ (try reader.signed())
            starts.append(previous)
        }
        ends = try (0..<count).map { (index) throws(DecodingError) in starts[index] &+ (try reader.signed()) }
        offsets = try (0..<count).map { (_) throws(DecodingError) in Int32(truncatingIfNeeded: try reader.signed()) }
        for _ in 0..<count {
            idHigh.append(Self.word(try reader.raw(8)))
            idLow.append(Self.word(try reader.raw(8)))
        }
        for _ in 0..<(try reader.count()) {
            let name = try reader.string()
            numbers[name] = try (0..<count).map { (_) throws(DecodingError) in try reader.float64() }
        }
        for _ in 0..<(try reader.count()) {
            let name = try reader.string()
            let distinct = try (0..<(try reader.count())).map { (_) throws(DecodingError) in try reader.string() }
            texts[name] = try (0..<count).map { (_) throws(DecodingError) -> String? in
                let code = Int(clamping: try reader.varint())
                guard code <= distinct.count else { throw DecodingError.malformed("text code \(code) of \(distinct.count)", at: reader.offset) }
                return code == 0 ? nil : distinct[code - 1]
            }
        }
    }

    private static func word(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
