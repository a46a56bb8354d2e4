/// One series' rows as columns: times, offsets, ids, and one column per field.
///
/// Columns keep reads fast: a query touches only the fields it names, and a million
/// timestamps are one contiguous array. A missing number is NaN; a missing text is nil.
public struct SeriesTable: Sendable, Equatable {
    public internal(set) var starts: [Int64] = []
    public internal(set) var ends: [Int64] = []
    public internal(set) var offsets: [Int32] = []
    var idHigh: [UInt64] = []
    var idLow: [UInt64] = []
    public internal(set) var numbers: [String: [Double]] = [:]
    public internal(set) var texts: [String: [String?]] = [:]
    /// Field names known to have columns: those of the last row that brought a new shape.
    private var knownFields: (numbers: [String], texts: [String]) = ([], [])

    public init() {}

    public var count: Int { starts.count }

    mutating func append(_ row: IndexedRow) {
        let index = count
        starts.append(row.start)
        ends.append(row.end)
        offsets.append(row.utcOffset)
        idHigh.append(row.idHigh)
        idLow.append(row.idLow)
        // Columns are never taken away, so a row with the last new row's field names needs
        // no column looked up by hash.
        if !(row.numbers.lazy.map(\.name).elementsEqual(knownFields.numbers) && row.texts.lazy.map(\.name).elementsEqual(knownFields.texts)) {
            for field in row.numbers where numbers[field.name] == nil { numbers[field.name] = [Double](repeating: .nan, count: index) }
            for field in row.texts where texts[field.name] == nil { texts[field.name] = [String?](repeating: nil, count: index) }
            knownFields = (row.numbers.map(\.name), row.texts.map(\.name))
        }
        if row.numbers.count > IndexedRow.linearSearchLimit || row.texts.count > IndexedRow.linearSearchLimit {
            return appendFieldsByName(row, at: index)
        }
        // Through the values' indexes, stepping without holding `indices` (which keeps a second
        // reference to the storage), so that each column grows in place instead of being copied.
        var number = numbers.startIndex
        while number != numbers.endIndex {
            let name = numbers.keys[number]
            numbers.values[number].append(row.numbers.first { $0.name == name }?.value ?? .nan)
            number = numbers.index(after: number)
        }
        var text = texts.startIndex
        while text != texts.endIndex {
            let name = texts.keys[text]
            texts.values[text].append(row.texts.first { $0.name == name }?.value)
            text = texts.index(after: text)
        }
    }

    /// Appends a wide row's fields to their columns by hash, then a missing value to every
    /// column it has no field for: searching the row for each column, as `append` does for
    /// rows of a few fields, is quadratic in the fields of a row with thousands.
    private mutating func appendFieldsByName(_ row: IndexedRow, at index: Int) {
        // Cannot fail: append made a column for every field of the row before it came here
        for field in row.numbers { numbers[field.name]!.append(field.value) }
        for field in row.texts { texts[field.name]!.append(field.value) }
        var number = numbers.startIndex
        while number != numbers.endIndex {
            if numbers.values[number].count == index { numbers.values[number].append(.nan) }
            number = numbers.index(after: number)
        }
        var text = texts.startIndex
        while text != texts.endIndex {
            if texts.values[text].count == index { texts.values[text].append(nil) }
            text = texts.index(after: text)
        }
    }

    /// Appends every row of `other` (for reading a series across its partitions).
    public mutating func append(contentsOf other: SeriesTable) {
        let before = count
        starts += other.starts
        ends += other.ends
        offsets += other.offsets
        idHigh += other.idHigh
        idLow += other.idLow
        for name in Set(numbers.keys).union(other.numbers.keys) {
            numbers[name, default: [Double](repeating: .nan, count: before)] += other.numbers[name] ?? [Double](repeating: .nan, count: other.count)
        }
        for name in Set(texts.keys).union(other.texts.keys) {
            texts[name, default: [String?](repeating: nil, count: before)] += other.texts[name] ?? [String?](repeating: nil, count: other.count)
        }
    }

    /// The row holding the event with these id words, searched from the newest.
    func index(ofHigh high: UInt64, low: UInt64) -> Int? {
        (0..<count).reversed().first { idHigh[$0] == high && idLow[$0] == low }
    }

    mutating func remove(at index: Int) {
        starts.remove(at: index)
        ends.remove(at: index)
        offsets.remove(at: index)
        idHigh.remove(at: index)
        idLow.remove(at: index)
        for name in Array(numbers.keys) { numbers[name]?.remove(at: index) }
        for name in Array(texts.keys) { texts[name]?.remove(at: index) }
    }

    /// Removes row `index` and the columns no row left has a value in, as a table that never
    /// held the row has none: an event taken back takes its fields with it.
    mutating func removeTakingBackFields(at index: Int) {
        remove(at: index)
        let emptyNumbers = numbers.filter { $0.value.allSatisfy(\.isNaN) }.keys
        let emptyTexts = texts.filter { $0.value.allSatisfy { $0 == nil } }.keys
        guard !emptyNumbers.isEmpty || !emptyTexts.isEmpty else { return }
        for name in emptyNumbers { numbers[name] = nil }
        for name in emptyTexts { texts[name] = nil }
        knownFields = ([], [])
    }

    mutating func setEnd(_ end: Int64, at index: Int) { ends[index] = end }

    /// The text of field `name` in row `index`.
    public func text(_ name: String, at index: Int) -> String? { texts[name]?[index] ?? nil }
}

extension SeriesTable {
    /// A table of rows made elsewhere (daily values as rows of one day each); ids are zero.
    public init(starts: [Int64], ends: [Int64], offsets: [Int32], numbers: [String: [Double]], texts: [String: [String?]] = [:]) {
        self.starts = starts
        self.ends = ends
        self.offsets = offsets
        idHigh = [UInt64](repeating: 0, count: starts.count)
        idLow = idHigh
        self.numbers = numbers
        self.texts = texts
    }
}

extension SeriesTable {
    /// Equal rows, with a missing number (NaN) equal to a missing number.
    public static func == (lhs: SeriesTable, rhs: SeriesTable) -> Bool {
        lhs.starts == rhs.starts && lhs.ends == rhs.ends && lhs.offsets == rhs.offsets && lhs.idHigh == rhs.idHigh && lhs.idLow == rhs.idLow
            && lhs.texts == rhs.texts && lhs.numbers.mapValues { $0.map(\.bitPattern) } == rhs.numbers.mapValues { $0.map(\.bitPattern) }
    }
}
