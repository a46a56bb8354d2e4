public import LedgerCore

/// The daily metrics fold: appends each event's records to the local days it touches and
/// computes a day's columns only when asked, so replay stays cheap.
///
/// Records are kept per day and overlap group (`DayPartition`): an import brings one
/// record type at a time across all days, and a partition per group means each pass loads
/// and saves only its own records, not every day's whole history again.
/// Partitions not in memory come from `loadPartition`, the bytes `encoded(_:)` gave
/// earlier. A change of source priority (`settingsTouched`) can change every day from the
/// setting's day on; `touchedPartitions` lists only partitions whose records changed, so
/// the engine recomputes the stored days after a priority change itself. Not `Sendable`:
/// one fold, one thread; only `loadValueBlocks` calls `loadValues` from several threads at
/// once, which the view stores' reads allow.
public final class DailyMetricsState {
    private let loadPartition: (DayPartition) -> [UInt8]?
    private let loadDirectory: (Int64) -> [UInt8]?
    let loadValues: (Int64) -> [UInt8]?
    /// Whether the stored directories list every partition the view holds: true for a view
    /// built since directories exist (from nothing, or by `replay`); a view an earlier version
    /// built is read by asking for every group, as before, until it is replayed.
    private(set) var directoriesComplete: Bool
    /// Directories loaded or changed, by block.
    private var directories: [Int64: DayDirectory] = [:]
    /// Whether the stored day values (`DayValues`) hold a row for every day the view holds a
    /// partition on, as the partitions give it: true for a view built from nothing since they
    /// exist; a view an earlier version built computes each day from its partitions until replayed.
    private(set) var valuesComplete: Bool
    /// Day values loaded or changed, by block.
    var valueBlocks: [Int64: DayValues] = [:]
    private var partitions: [DayPartition: DayState] = [:]
    private(set) var priority: SourcePriority
    private var lastPartition: DayPartition?
    private var lastState: DayState?
    let layout = MetricCatalog.layout
    /// The offsets of the zones events name, for their local days and clocks.
    var zoneOffsets = ZoneOffsets()
    /// The last quantity type looked up and its series (see `quantitySeries`).
    var lastQuantity: (type: String, series: Int?)?
    /// Every overlap group, in order: the partitions one day can have.
    static let groups = Array(Set(MetricCatalog.layout.series.map { UInt16($0.group) })).sorted()

    public private(set) var touchedPartitions: Set<DayPartition> = []
    public private(set) var settingsTouched = false

    /// The days whose records changed.
    public var touchedDays: Set<LocalDay> { Set(touchedPartitions.map(\.day)) }

    /// `loadPartition` returns the bytes `encoded(_:)` produced earlier for a partition not yet in memory (nil if none).
    /// `loadDirectory` returns the bytes of a block's directory (`directoryChanges` gave them), and
    /// `directoriesComplete` says whether those list every stored partition. `loadValues` and
    /// `valuesComplete` do the same for a block's day values (`valueChanges` gave them).
    public init(
        loadPartition: @escaping (DayPartition) -> [UInt8]? = { _ in nil }, settings: [UInt8]? = nil,
        loadDirectory: @escaping (Int64) -> [UInt8]? = { _ in nil }, directoriesComplete: Bool = false,
        loadValues: @escaping (Int64) -> [UInt8]? = { _ in nil }, valuesComplete: Bool = false
    ) throws {
        self.loadPartition = loadPartition
        self.loadDirectory = loadDirectory
        self.directoriesComplete = directoriesComplete
        self.loadValues = loadValues
        self.valuesComplete = valuesComplete
        priority = try settings.map { bytes throws(DecodingError) in try SourcePriority(decoding: bytes) } ?? SourcePriority()
    }

    /// Routes the event's contribution to the local day(s) it touches; ignores kinds it does not use.
    public func add(_ event: Event) throws {
        if event.kind == .settingChanged {
            guard let change = try priorityChange(event) else { return }
            priority.add(change)
            settingsTouched = true
            return
        }
        let name = event.source.name
        try contributions(of: event) { first, last, record in
            var record = record
            let group = UInt16(layout.series[Int(record.series)].group)
            for number in first...last {
                let partition = DayPartition(day: LocalDay(number: number), group: group)
                let state = try self.state(for: partition)
                record.source = state.sourceIndex(name)
                state.records.append(record)
                heldRecords += 1
                if partition != lastPartition { touchedPartitions.insert(partition) }
                lastPartition = partition
                lastState = state
            }
        }
    }

    /// The exact inverse of `add` for the same event, matched by `event.id`.
    public func remove(_ event: Event) throws {
        let (high, low) = event.id.words
        if event.kind == .settingChanged {
            if priority.remove(high: high, low: low) { settingsTouched = true }
            return
        }
        try contributions(of: event) { first, last, record in
            let group = UInt16(layout.series[Int(record.series)].group)
            for number in first...last {
                let partition = DayPartition(day: LocalDay(number: number), group: group)
                if try state(for: partition).remove(high: high, low: low) { touchedPartitions.insert(partition) }
            }
        }
    }

    /// The directories of the blocks whose partitions were saved with `saved` (each
    /// partition's key and whether it still holds records), as (block, bytes or nil).
    func directoryChanges(saved: [(partition: DayPartition, present: Bool)]) throws -> [(block: Int64, bytes: [UInt8]?)] {
        var touched = Set<Int64>()
        for (partition, present) in saved {
            let block = DayDirectory.block(of: partition.day)
            var directory = try self.directory(of: block)
            directory.set(partition.group, on: partition.day, present: present)
            directories[block] = directory
            touched.insert(block)
        }
        return touched.sorted().map { ($0, directories[$0]?.encoded()) }
    }

    /// From now on the directories list every partition and the day values hold every day:
    /// the view was built from nothing.
    func markSummariesComplete() {
        directoriesComplete = true
        valuesComplete = true
    }

    public func clearTouched() {
        touchedPartitions.removeAll(keepingCapacity: true)
        settingsTouched = false
        lastPartition = nil
        lastState = nil
    }

    /// Forgets the partitions held in memory; call after their changes were saved
    /// (`clearTouched`), as they are then read back from the store when needed.
    public func evictDays() {
        precondition(touchedPartitions.isEmpty, "evicting partitions whose changes were not saved")
        partitions.removeAll()
        directories.removeAll()
        valueBlocks.removeAll()
        heldRecords = 0
        lastPartition = nil
        lastState = nil
    }

    /// Records held in memory, loaded or added since the last `evictDays`.
    public private(set) var heldRecords = 0

    /// Deterministic bytes of one partition (nil if empty).
    public func encoded(_ partition: DayPartition) -> [UInt8]? {
        guard let state = partitions[partition] else { return loadPartition(partition) }
        return state.records.isEmpty ? nil : state.encoded()
    }

    /// The source priority history, deterministic.
    public func encodedSettings() -> [UInt8] { priority.encoded() }

    /// Whether any source priority setting is in the history.
    var holdsSettings: Bool { !priority.changes.isEmpty }

    /// The day's columns: its stored values where they answer (`savedValues`), else computed.
    public func metrics(for day: LocalDay) throws -> DayMetrics {
        if let row = try savedValues(on: day, reading: Self.everyColumn) { return DayMetrics(day: day, values: row) }
        return try computedMetrics(for: day)
    }

    static let everyColumn = Array(MetricCatalog.layout.plans.indices)

    /// Computes the day's columns from its records (loading them if needed).
    func computedMetrics(for day: LocalDay) throws -> DayMetrics {
        let parts = try held(Self.groups, on: day)
        guard !parts.isEmpty else {
            return DayMetrics(day: day, values: [Double?](repeating: nil, count: layout.plans.count))
        }
        let state = parts.count == 1 ? parts[0] : DayState(merging: parts)
        let ranks = SourcePriority.ranks(of: state.sources, listed: priority.names(for: day))
        return DayMetrics(day: day, values: state.values(day: day, ranks: ranks))
    }

    /// The night ending on `day`, stretch by stretch, as its sleep columns count it.
    public func night(for day: LocalDay) throws -> SleepNight {
        let parts = try held(Self.groups, on: day)
        guard !parts.isEmpty else { return SleepNight(day: day, fold: nil) }
        let state = parts.count == 1 ? parts[0] : DayState(merging: parts)
        let ranks = SourcePriority.ranks(of: state.sources, listed: priority.names(for: day))
        return SleepNight(day: day, fold: state.night(day: day, ranks: ranks))
    }

    /// The values of `columns` (indices into `MetricCatalog.columns`) on `day`, in that order:
    /// the numbers `metrics(for:)` gives them, from the day's stored values where those
    /// answer for what is in force (`savedValues`), else computed from the partitions.
    public func values(for day: LocalDay, columns: [Int]) throws -> [Double?] {
        if let saved = try savedValues(on: day, reading: columns) { return saved }
        return try computedValues(for: day, columns: columns)
    }

    /// The values of `columns` on `day` computed from only the partitions they read.
    /// Sources rank the same in any subset of a day's sources, and overlaps resolve within an
    /// overlap group, so leaving other groups out changes none of these columns.
    func computedValues(for day: LocalDay, columns: [Int]) throws -> [Double?] {
        let parts = try held(groups(reading: columns), on: day)
        guard !parts.isEmpty else { return [Double?](repeating: nil, count: columns.count) }
        let state = parts.count == 1 ? parts[0] : DayState(merging: parts)
        let ranks = SourcePriority.ranks(of: state.sources, listed: priority.names(for: day))
        let values = state.values(day: day, ranks: ranks)
        return columns.map { values[$0] }
    }

    /// The overlap groups whose records `columns` are computed from: their series' groups, and
    /// for a sleep column every sleep group, since a night is folded from all its stages.
    func groups(reading columns: [Int]) -> [UInt16] { Self.groups(reading: columns) }

    static func groups(reading columns: [Int]) -> [UInt16] {
        let layout = MetricCatalog.layout
        var groups = Set<UInt16>()
        var needsNight = false
        for column in columns {
            let series = layout.plans[column].series
            if layout.kinds[series[0]] == .night { needsNight = true }
            for index in series { groups.insert(UInt16(layout.series[index].group)) }
        }
        if needsNight {
            for (index, kind) in layout.kinds.enumerated() where kind == .night { groups.insert(UInt16(layout.series[index].group)) }
        }
        return groups.sorted()
    }

    /// The states of `groups` (ascending) on `day` that hold records. With complete
    /// directories only the groups the day's directory lists are asked for; partitions in
    /// memory are found whatever it says, as they may not be saved yet.
    private func held(_ groups: [UInt16], on day: LocalDay) throws -> [DayState] {
        guard directoriesComplete else { return try groups.compactMap { try stored(DayPartition(day: day, group: $0)) } }
        let listed = Set(try directory(of: DayDirectory.block(of: day)).groups(on: day))
        return try groups.compactMap { group in
            let partition = DayPartition(day: day, group: group)
            if let state = partitions[partition] { return state }
            return listed.contains(group) ? try stored(partition) : nil
        }
    }

    /// The block's directory, loaded once.
    func directory(of block: Int64) throws -> DayDirectory {
        if let held = directories[block] { return held }
        let directory = try loadDirectory(block).map { bytes throws(DecodingError) in try DayDirectory(decoding: bytes) } ?? DayDirectory()
        directories[block] = directory
        return directory
    }

    /// The partition's state, created empty if it has none yet.
    private func state(for partition: DayPartition) throws -> DayState {
        if partition == lastPartition, let lastState { return lastState }
        if let state = try stored(partition) { return state }
        let state = DayState()
        partitions[partition] = state
        return state
    }

    /// The partition's state in memory or loaded from its bytes; nil if it has none.
    private func stored(_ partition: DayPartition) throws -> DayState? {
        if let state = partitions[partition] { return state }
        guard let bytes = loadPartition(partition) else { return nil }
        let state = try DayState(decoding: bytes, seriesCount: layout.series.count, columnCount: layout.plans.count)
        heldRecords += state.records.count
        partitions[partition] = state
        return state
    }
}
