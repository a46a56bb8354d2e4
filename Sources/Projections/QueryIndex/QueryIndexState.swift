import LedgerCore

/// The query index: every event as a row of its series, in month partitions loaded on demand.
public final class QueryIndexState: ProjectionState {
    let load: ([UInt8]) throws -> [UInt8]?
    private(set) var directory: SeriesDirectory
    private var directoryTouched = false
    private(set) var tables: [SeriesMonth: SeriesTable] = [:]
    private var touched: Set<SeriesMonth> = []

    static let directoryKey: [UInt8] = [0x02]

    init(load: @escaping ([UInt8]) throws -> [UInt8]?) throws {
        self.load = load
        directory = try load(Self.directoryKey).map { try SeriesDirectory(encoded: $0) } ?? SeriesDirectory()
    }

    /// An empty index, for folding events in memory.
    public convenience init() {
        // Force-try: a loader that finds nothing cannot fail.
        try! self.init(load: { _ in nil })
    }

    public func add(_ event: Event) throws {
        if event.kind == .activityStopped { return try stopActivity(event, undo: false) }
        guard let row = IndexedRow(event) else { return }
        let partition = SeriesMonth(series: row.series, start: row.start, utcOffset: row.utcOffset)
        if directory.note(row, month: partition.month) { directoryTouched = true }
        try update(partition) { $0.append(row) }
    }

    public func remove(_ event: Event) throws {
        if event.kind == .activityStopped { return try stopActivity(event, undo: true) }
        guard let row = IndexedRow(event) else { return }
        try update(SeriesMonth(series: row.series, start: row.start, utcOffset: row.utcOffset)) { table in
            if let index = table.index(ofHigh: row.idHigh, low: row.idLow) { table.remove(at: index) }
        }
    }

    /// Ends the activity instance a stop names (or the latest open one of that name), or
    /// reopens it when the stop is taken back.
    private func stopActivity(_ event: Event, undo: Bool) throws {
        let stop = try event.decode(ActivityStopped.self)
        let at = event.start.micros
        let latest = SeriesMonth(series: IndexedRow.activitySeries, start: at, utcOffset: event.utcOffset)
        let started = stop.startedBy.map { DayRecord.idWords($0.bytes) }
        for partition in [latest, SeriesMonth(series: latest.series, month: latest.month - 1)] {
            let table = try self.table(partition)
            let match = (0..<table.count).reversed().first { index in
                guard table.text("name", at: index) == stop.name, table.starts[index] <= at else { return false }
                if undo { return table.ends[index] == at }
                if let started { return table.idHigh[index] == started.0 && table.idLow[index] == started.1 }
                return table.ends[index] == table.starts[index]
            }
            guard let match else { continue }
            try update(partition) { $0.setEnd(undo ? $0.starts[match] : at, at: match) }
            return
        }
    }

    private func update(_ partition: SeriesMonth, _ change: (inout SeriesTable) -> Void) throws {
        if tables[partition] == nil { tables[partition] = try table(partition) }
        // In place: a copy out of the dictionary would copy the whole month per event.
        change(&tables[partition]!)
        touched.insert(partition)
    }

    private func table(_ partition: SeriesMonth) throws -> SeriesTable {
        if let held = tables[partition] { return held }
        let table = try load(partition.key).map { try SeriesTable(encoded: $0) } ?? SeriesTable()
        tables[partition] = table
        return table
    }

    public func drainChanges() -> [(key: [UInt8], value: [UInt8]?)] {
        var changes = touched.sorted().map { partition in
            let table = tables[partition]!
            return (key: partition.key, value: table.count == 0 ? nil : Optional(table.encoded))
        }
        if directoryTouched { changes.append((Self.directoryKey, directory.encoded)) }
        touched.removeAll()
        directoryTouched = false
        return changes
    }

    public func evict() {
        tables = tables.filter { touched.contains($0.key) }
    }

    public var residentSize: Int { tables.values.reduce(0) { $0 + $1.count * 56 } }
}
