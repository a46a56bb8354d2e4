import Projections

extension Evaluator {
    /// Rows that start within the window before, after or around a row of another series.
    func window(_ window: Window, _ rows: SourceRows) throws -> [Bool] {
        let (source, field) = try vocabulary.resolve(window.source)
        guard case .series = source, field == nil else {
            throw QueryError("a window looks for events of a kind, like activity or dose, not '\(window.source.text)'",
                             at: window.source.offset, length: window.source.text.count)
        }
        let others = try self.rows(source, days: nil)
        var keep = try mask(window.condition, others)
        if let label = window.label?.lowercased() {
            keep = zip(keep, labels(of: source, others)).map { $0 && $1?.lowercased() == label }
        }
        let starts = keep.indices.filter { keep[$0] }.map { others.table.starts[$0] }
        let ends = keep.indices.filter { keep[$0] }.map { others.table.ends[$0] }
        let width = window.micros
        switch window.relation {
        case .after:
            let sorted = ends.sorted()
            return rows.table.starts.map { time in
                let first = Self.lowerBound(sorted, time - width)
                return first < sorted.count && sorted[first] <= time
            }
        case .before:
            let sorted = starts.sorted()
            return rows.table.starts.map { time in
                let first = Self.lowerBound(sorted, time)
                return first < sorted.count && sorted[first] <= time + width
            }
        case .around:
            let order = starts.indices.sorted { starts[$0] < starts[$1] }
            let sortedStarts = order.map { starts[$0] }
            var latestEnd: [Int64] = []
            for index in order { latestEnd.append(max(latestEnd.last ?? .min, ends[index])) }
            return rows.table.starts.map { time in
                // The rows starting no later than time + width; the latest end among them decides.
                let count = Self.lowerBound(sortedStarts, time + width + 1)
                return count > 0 && latestEnd[count - 1] + width >= time
            }
        }
    }

    /// Each row's label: an activity's or food's name, a dose's medication (see `SeriesTraits`).
    func labels(of source: SourceRef, _ rows: SourceRows) -> [String?] {
        rows.table.texts[SeriesTraits(source).labelField] ?? [String?](repeating: nil, count: rows.count)
    }

    /// The first index whose value is ≥ `value` in ascending `values`.
    static func lowerBound(_ values: [Int64], _ value: Int64) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
