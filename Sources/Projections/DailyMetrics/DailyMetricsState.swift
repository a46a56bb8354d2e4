import LedgerCore

/// The daily metrics fold: appends each event's records to the local days it touches and
/// computes a day's columns only when asked, so replay stays cheap.
///
/// Days not in memory come from `loadDay`, the bytes `encodedDay(_:)` gave earlier. A change
/// of source priority (`settingsTouched`) can change every day from the setting's day on;
/// `touchedDays` lists only days whose records changed, so the engine recomputes the
/// stored days after a priority change itself. Not `Sendable`: one fold, one thread.
public final class DailyMetricsState {
    private let loadDay: (LocalDay) -> [UInt8]?
    private var days: [LocalDay: DayState] = [:]
    private var priority: SourcePriority
    private var lastDay: LocalDay?
    private var lastState: DayState?
    let layout = MetricCatalog.layout

    public private(set) var touchedDays: Set<LocalDay> = []
    public private(set) var settingsTouched = false

    /// `loadDay` returns the bytes `encodedDay(_:)` produced earlier for a day not yet in memory (nil if none).
    public init(loadDay: @escaping (LocalDay) -> [UInt8]? = { _ in nil }, settings: [UInt8]? = nil) throws {
        self.loadDay = loadDay
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
            for number in first...last {
                let day = LocalDay(number: number)
                let state = try self.state(for: day)
                record.source = state.sourceIndex(name)
                state.records.append(record)
                heldRecords += 1
                if day != lastDay { touchedDays.insert(day) }
                lastDay = day
                lastState = state
            }
        }
    }

    /// The exact inverse of `add` for the same event, matched by `event.id`.
    public func remove(_ event: Event) throws {
        let (high, low) = DayRecord.idWords(event.id.bytes)
        if event.kind == .settingChanged {
            if priority.remove(high: high, low: low) { settingsTouched = true }
            return
        }
        try contributions(of: event) { first, last, _ in
            for number in first...last {
                let day = LocalDay(number: number)
                if try state(for: day).remove(high: high, low: low) { touchedDays.insert(day) }
            }
        }
    }

    public func clearTouched() {
        touchedDays.removeAll(keepingCapacity: true)
        settingsTouched = false
        lastDay = nil
        lastState = nil
    }

    /// Forgets the days held in memory; call after their changes were saved (`clearTouched`),
    /// as they are then read back from the store when needed.
    public func evictDays() {
        precondition(touchedDays.isEmpty, "evicting days whose changes were not saved")
        days.removeAll()
        heldRecords = 0
        lastDay = nil
        lastState = nil
    }

    /// Records held in memory, loaded or added since the last `evictDays`.
    public private(set) var heldRecords = 0

    /// Deterministic bytes of one day's state (nil if empty).
    public func encodedDay(_ day: LocalDay) -> [UInt8]? {
        guard let state = days[day] else { return loadDay(day) }
        return state.records.isEmpty ? nil : state.encoded()
    }

    /// The source priority history, deterministic.
    public func encodedSettings() -> [UInt8] { priority.encoded() }

    /// Computes the day's columns from its records (loading them if needed).
    public func metrics(for day: LocalDay) throws -> DayMetrics {
        guard let state = try stored(day) else {
            return DayMetrics(day: day, values: [Double?](repeating: nil, count: layout.plans.count))
        }
        let ranks = SourcePriority.ranks(of: state.sources, listed: priority.names(for: day))
        return DayMetrics(day: day, values: state.values(day: day, ranks: ranks))
    }

    /// The day's state, created empty if it has none yet.
    private func state(for day: LocalDay) throws -> DayState {
        if day == lastDay, let lastState { return lastState }
        if let state = try stored(day) { return state }
        let state = DayState()
        days[day] = state
        return state
    }

    /// The day's state in memory or loaded from its bytes; nil if it has none.
    private func stored(_ day: LocalDay) throws -> DayState? {
        if let state = days[day] { return state }
        guard let bytes = loadDay(day) else { return nil }
        let state = try DayState(decoding: bytes, seriesCount: layout.series.count)
        heldRecords += state.records.count
        days[day] = state
        return state
    }
}
