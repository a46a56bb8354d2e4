public import LedgerCore

/// The query index: every event as a row of its series, in month partitions loaded on demand.
public final class QueryIndexState: ProjectionState {
    let load: ([UInt8]) throws -> [UInt8]?
    private(set) var directory: SeriesDirectory
    private var directoryTouched = false
    /// Tables in memory, but for the open one.
    private var tables: [SeriesMonth: SeriesTable] = [:]
    /// The partition rows go into and its table, held out of `tables`: rows come in runs of
    /// one series and month, and the dictionary would hash the partition for every row.
    private var open: (partition: SeriesMonth, table: SeriesTable)?
    /// A row whose field lists are reused from event to event.
    private var spareRow: IndexedRow?
    private var touched: Set<SeriesMonth> = []
    /// The series, month and field names of the last row the directory was told of: rows of
    /// one shape follow each other, and comparing is cheaper than looking them up.
    private var lastNoted: (series: String, month: Int32, numbers: [String], texts: [String])?
    /// Whether the last raw sample's series has ever held a correlation's member: asked per
    /// sample, and samples come in runs of one series.
    var seriesHoldingMembers: (series: String, holds: Bool)?

    /// The series directory (`SeriesDirectory`). Views before v5 kept one without fields per
    /// month at `0x02`, which this version does not read: such a vault replays first.
    static let directoryKey: [UInt8] = [0x03]
    /// The offsets of the zones events name (see `livedOffset`).
    private var zoneOffsets = ZoneOffsets()

    /// The offset `event` was lived at: its zone's at its start where it names one (Apple
    /// Health imports before issue 39 kept the export's offset beside the zone), else its own.
    func livedOffset(_ event: Event) -> Int32 {
        event.sampleZone.flatMap { zoneOffsets.offset($0, at: event.start) } ?? event.utcOffset
    }

    init(load: @escaping ([UInt8]) throws -> [UInt8]?) throws {
        self.load = load
        directory = try load(Self.directoryKey).map { try SeriesDirectory(encoded: $0) } ?? SeriesDirectory()
    }

    /// An empty index, for folding events in memory.
    public convenience init() {
        // Cannot fail: a loader that finds nothing cannot fail.
        try! self.init(load: { _ in nil })
    }

    public func add(_ event: Event) throws {
        if event.kind == .activityStopped { return try stopActivity(event, undo: false) }
        var row = spareRow.take() ?? .unfilled
        defer { spareRow = row }
        guard row.fill(from: event, utcOffset: livedOffset(event)) else { return }
        let partition = SeriesMonth(series: row.series, start: row.start, utcOffset: row.utcOffset)
        note(row, month: partition.month)
        if event.kind == .sampleRecorded { try dropCorrelationTwin(of: row, in: partition) }
        try update(partition) { $0.append(row) }
        if event.kind == .correlationRecorded { try addMembers(of: event) }
    }

    func note(_ row: IndexedRow, month: Int32) {
        if let last = lastNoted, last.month == month, last.series == row.series,
           last.numbers.elementsEqual(row.numbers.lazy.map(\.name)), last.texts.elementsEqual(row.texts.lazy.map(\.name)) {
            return
        }
        if directory.note(row, month: month) { directoryTouched = true }
        lastNoted = (row.series, month, row.numbers.map(\.name), row.texts.map(\.name))
    }

    public func remove(_ event: Event) throws {
        if event.kind == .activityStopped { return try stopActivity(event, undo: true) }
        guard let row = IndexedRow(event, utcOffset: livedOffset(event)) else { return }
        for row in [row] + (event.kind == .correlationRecorded ? try IndexedRow.members(of: event) : []) {
            let partition = SeriesMonth(series: row.series, start: row.start, utcOffset: row.utcOffset)
            var removed = false
            try update(partition) { table in
                guard let index = table.index(ofHigh: row.idHigh, low: row.idLow) else { return }
                table.removeTakingBackFields(at: index)
                removed = true
            }
            if removed { recount(partition) }
        }
    }

    /// Lists `partition` in the directory as what its rows hold now that one was taken out.
    private func recount(_ partition: SeriesMonth) {
        // Cannot fail: `update` left the partition open.
        guard directory.recount(partition.series, month: partition.month, from: heldTable(partition)!) else { return }
        directoryTouched = true
        lastNoted = nil
    }

    /// Ends the activity instance a stop names (or the latest open one of that name), or
    /// reopens it when the stop is taken back.
    private func stopActivity(_ event: Event, undo: Bool) throws {
        let stop = try event.decode(ActivityStopped.self)
        let at = event.start.micros
        let latest = SeriesMonth(series: IndexedRow.activitySeries, start: at, utcOffset: event.utcOffset)
        let started = stop.startedBy?.words
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

    func update(_ partition: SeriesMonth, _ change: (inout SeriesTable) -> Void) throws {
        if open?.partition != partition {
            let table = try table(partition)
            tables[partition] = nil
            parkOpenTable()
            open = (partition, table)
            touched.insert(partition)
        }
        // In place: a copy of the table would copy the whole month per event.
        // Cannot fail: the lines above left the partition open.
        let before = open!.table.count
        change(&open!.table)
        heldRows += open!.table.count - before
    }

    /// Puts the open table back with the others.
    private func parkOpenTable() {
        if let (partition, table) = open.take() { tables[partition] = table }
    }

    /// The table of `partition` if it is in memory.
    func heldTable(_ partition: SeriesMonth) -> SeriesTable? {
        if let open, open.partition == partition { return open.table }
        return tables[partition]
    }

    func table(_ partition: SeriesMonth) throws -> SeriesTable {
        if let held = heldTable(partition) { return held }
        let table = try load(partition.key).map { try SeriesTable(encoded: $0) } ?? SeriesTable()
        tables[partition] = table
        heldRows += table.count
        return table
    }

    /// Rows of the tables in memory, kept as a count: a bulk import asks after every event.
    private var heldRows = 0

    public func drainChanges() -> [(key: [UInt8], value: [UInt8]?)] {
        parkOpenTable()
        var changes = touched.sorted().map { partition in
            // Cannot fail: a touched partition stays in memory, and the open one was parked above.
            let table = tables[partition]!
            return (key: partition.key, value: table.count == 0 ? nil : Optional(table.encoded))
        }
        // A directory of nothing is not stored, as a fold that never saw a row stores none.
        if directoryTouched { changes.append((Self.directoryKey, directory.entries.isEmpty ? nil : directory.encoded)) }
        touched.removeAll()
        directoryTouched = false
        return changes
    }

    public func evict() {
        parkOpenTable()
        tables = tables.filter { touched.contains($0.key) }
        heldRows = tables.values.reduce(0) { $0 + $1.count }
    }

    public var residentSize: Int { heldRows * 56 + touched.count * savedPartitionCost }
}
