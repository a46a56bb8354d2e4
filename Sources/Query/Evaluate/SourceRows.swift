import Projections

/// The rows of one source with what a condition needs to read them.
struct SourceRows {
    let source: SourceRef
    /// The series or column name, for messages.
    let name: String
    let table: SeriesTable
    let numbers: Set<String>
    let texts: Set<String>
    /// Local days of the rows (days since 1970-01-01).
    let days: [Int64]

    init(source: SourceRef, name: String, table: SeriesTable, numbers: Set<String>, texts: Set<String>) {
        self.source = source
        self.name = name
        self.table = table
        self.numbers = numbers
        self.texts = texts
        days = (0..<table.count).map { LocalTime.day(table.starts[$0], table.offsets[$0]) }
    }

    var count: Int { table.count }
}

/// Local calendar positions of an instant at its own UTC offset.
enum LocalTime {
    static let microsPerDay: Int64 = 86_400_000_000
    static let microsPerHour: Int64 = 3_600_000_000

    static func local(_ start: Int64, _ offset: Int32) -> Int64 { start + Int64(offset) * 1_000_000 }

    static func day(_ start: Int64, _ offset: Int32) -> Int64 { floorDivide(local(start, offset), microsPerDay) }

    /// Hours since 1970-01-01 00:00 local.
    static func hourIndex(_ start: Int64, _ offset: Int32) -> Int64 { floorDivide(local(start, offset), microsPerHour) }

    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        (value >= 0 ? value : value - divisor + 1) / divisor
    }
}
