/// Tells a record that repeats one already counted in the group: the same source, series,
/// interval, value and metadata fingerprint (`RepeatedSample`), another event id.
///
/// A group's records come sorted by source rank, then start and end, so the copies of a
/// sample are neighbours: only the current run of one rank, start and end is remembered.
struct SavesOfOneSample {
    private var run: (rank: Int, start: Int64, end: Int64)?
    private var seen: [(source: UInt16, series: UInt16, value: UInt64, content: UInt64)] = []

    mutating func isRepeat(_ record: DayRecord, rank: Int) -> Bool {
        if let run, run == (rank, record.start, record.end) {
            let key = (record.source, record.series, record.value.bitPattern, record.content)
            if seen.contains(where: { $0 == key }) { return true }
            seen.append(key)
            return false
        }
        run = (rank, record.start, record.end)
        seen.removeAll(keepingCapacity: true)
        seen.append((record.source, record.series, record.value.bitPattern, record.content))
        return false
    }
}
