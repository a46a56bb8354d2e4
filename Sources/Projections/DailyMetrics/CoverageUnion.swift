/// The union of the intervals higher-priority sources have claimed, as sorted disjoint
/// half-open ranges of UTC microseconds.
struct CoverageUnion {
    private var starts: [Int64] = []
    private var ends: [Int64] = []

    /// How many microseconds of `[start, end)` are already claimed.
    func covered(_ start: Int64, _ end: Int64) -> Int64 {
        var total: Int64 = 0
        var index = firstEndingAfter(start)
        while index < starts.count, starts[index] < end {
            total += min(end, ends[index]) - max(start, starts[index])
            index += 1
        }
        return total
    }

    /// The parts of `[start, end)` not yet claimed, in order.
    func uncovered(_ start: Int64, _ end: Int64) -> [(start: Int64, end: Int64)] {
        var parts: [(start: Int64, end: Int64)] = []
        var cursor = start
        var index = firstEndingAfter(start)
        while index < starts.count, starts[index] < end {
            if starts[index] > cursor { parts.append((cursor, starts[index])) }
            cursor = max(cursor, ends[index])
            index += 1
        }
        if cursor < end { parts.append((cursor, end)) }
        return parts
    }

    /// Whether the instant lies inside a claimed range.
    func contains(_ instant: Int64) -> Bool {
        let index = firstEndingAfter(instant)
        return index < starts.count && starts[index] <= instant
    }

    /// Claims `[start, end)`, merging with ranges it touches.
    mutating func insert(_ start: Int64, _ end: Int64) {
        guard start < end else { return }
        let low = firstEndingAfter(start - 1)
        var high = low
        var mergedStart = start
        var mergedEnd = end
        while high < starts.count, starts[high] <= end {
            mergedStart = min(mergedStart, starts[high])
            mergedEnd = max(mergedEnd, ends[high])
            high += 1
        }
        starts.replaceSubrange(low..<high, with: [mergedStart])
        ends.replaceSubrange(low..<high, with: [mergedEnd])
    }

    /// The first range whose end is after `instant` (binary search).
    private func firstEndingAfter(_ instant: Int64) -> Int {
        var low = 0
        var high = ends.count
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > instant { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
