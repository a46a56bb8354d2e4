/// Everything one local day holds: its records in arrival order and the source names they use.
final class DayState {
    var records: [DayRecord] = []
    /// May keep names no record uses any more after `remove`; the encoding drops them.
    var sources: [String] = []
    private var lastSource = 0

    init() {}

    init(records: [DayRecord], sources: [String]) {
        self.records = records
        self.sources = sources
    }

    /// One day's partitions as a single state, for computing its columns: the records in
    /// partition order, their source indices renumbered into one list.
    convenience init(merging parts: [DayState]) {
        self.init()
        for part in parts {
            let renumbered = part.sources.map(sourceIndex)
            records += part.records.map { record in
                var record = record
                record.source = renumbered[Int(record.source)]
                return record
            }
        }
    }

    /// The index of `name`, added if new; checks the previous hit first because a day's
    /// samples come in runs from one source.
    func sourceIndex(_ name: String) -> UInt16 {
        if lastSource < sources.count, sources[lastSource] == name { return UInt16(lastSource) }
        if let found = sources.firstIndex(of: name) {
            lastSource = found
        } else {
            lastSource = sources.count
            sources.append(name)
        }
        return UInt16(truncatingIfNeeded: lastSource)
    }

    /// Removes the records of one event; whether any were there.
    func remove(high: UInt64, low: UInt64) -> Bool {
        let before = records.count
        records.removeAll { $0.idHigh == high && $0.idLow == low }
        return records.count != before
    }
}
