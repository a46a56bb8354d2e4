import LedgerCore

/// What the index holds per series: the months with rows and the names of their fields, so
/// a query can be checked and planned without reading any rows.
///
/// Fields are kept per month so that a removal can take back what it brought: the month's
/// table, read again, says which fields its rows still hold (`recount`).
struct SeriesDirectory: Equatable {
    struct Fields: Equatable {
        var numbers: Set<String> = []
        var texts: Set<String> = []
    }

    struct Entry: Equatable {
        /// The fields the rows of each month with rows have.
        var months: [Int32: Fields] = [:]

        /// Every month's numeric fields.
        var numbers: Set<String> { months.values.reduce(into: []) { $0.formUnion($1.numbers) } }
        /// Every month's text fields.
        var texts: Set<String> { months.values.reduce(into: []) { $0.formUnion($1.texts) } }

        func holds(text name: String) -> Bool { months.values.contains { $0.texts.contains(name) } }
    }

    var entries: [String: Entry] = [:]

    /// Returns whether anything new was learned.
    mutating func note(_ row: IndexedRow, month: Int32) -> Bool {
        // Nearly every row brings nothing new: check before copying any set.
        if let known = entries[row.series]?.months[month], row.numbers.allSatisfy({ known.numbers.contains($0.name) }),
           row.texts.allSatisfy({ known.texts.contains($0.name) }) {
            return false
        }
        var fields = entries[row.series]?.months[month] ?? Fields()
        fields.numbers.formUnion(row.numbers.map(\.name))
        fields.texts.formUnion(row.texts.map(\.name))
        entries[row.series, default: Entry()].months[month] = fields
        return true
    }

    /// Lists `month` of `series` as its rows in `table` now are, after rows were taken out:
    /// not at all when none is left, else with the fields some row still has a value for.
    /// Returns whether the directory changed.
    mutating func recount(_ series: String, month: Int32, from table: SeriesTable) -> Bool {
        let fields = table.count == 0 ? nil : Fields(
            numbers: Set(table.numbers.filter { $0.value.contains { !$0.isNaN } }.keys),
            texts: Set(table.texts.filter { $0.value.contains { $0 != nil } }.keys))
        guard entries[series]?.months[month] != fields else { return false }
        entries[series, default: Entry()].months[month] = fields
        if entries[series]?.months.isEmpty == true { entries[series] = nil }
        return true
    }

    /// Per series: its field names, then each month with the indexes of the fields its rows
    /// lack (most months have rows of one shape, so this is usually none).
    var encoded: [UInt8] {
        var writer = BinaryWriter()
        writer.varint(UInt64(entries.count))
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
            writer.string(name)
            let (numbers, texts) = (entry.numbers.sorted(), entry.texts.sorted())
            for names in [numbers, texts] {
                writer.varint(UInt64(names.count))
                for field in names { writer.string(field) }
            }
            writer.varint(UInt64(entry.months.count))
            for (month, fields) in entry.months.sorted(by: { $0.key < $1.key }) {
                writer.signed(Int64(month))
                let lacking = numbers.indices.filter { !fields.numbers.contains(numbers[$0]) }
                    + texts.indices.filter { !fields.texts.contains(texts[$0]) }.map { numbers.count + $0 }
                writer.varint(UInt64(lacking.count))
                for index in lacking { writer.varint(UInt64(index)) }
            }
        }
        return writer.bytes
    }

    init() {}

    init(encoded bytes: [UInt8]) throws(DecodingError) {
        var reader = BinaryReader(bytes)
        for _ in 0..<(try reader.count()) {
            let name = try reader.string()
            var numbers: [String] = [], texts: [String] = []
            for _ in 0..<(try reader.count()) { numbers.append(try reader.string()) }
            for _ in 0..<(try reader.count()) { texts.append(try reader.string()) }
            var entry = Entry()
            // Most months have every field: they share one value's storage.
            let every = Fields(numbers: Set(numbers), texts: Set(texts))
            for _ in 0..<(try reader.count()) {
                let month = Int32(truncatingIfNeeded: try reader.signed())
                var fields = every
                for _ in 0..<(try reader.count()) {
                    // An index, not a count: it may exceed the bytes left.
                    let index = Int(clamping: try reader.varint())
                    if index < numbers.count {
                        fields.numbers.remove(numbers[index])
                    } else if index - numbers.count < texts.count {
                        fields.texts.remove(texts[index - numbers.count])
                    } else {
                        throw .malformed("query-index directory names field \(index) of \(numbers.count + texts.count) in \(name)", at: reader.offset)
                    }
                }
                entry.months[month] = fields
            }
            entries[name] = entry
        }
    }
}
