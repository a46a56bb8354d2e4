import LedgerCore

/// The local days that hold calorie inputs, as runs of consecutive days: the days whose
/// budgets a replay compares. Kept day by day rather than as one range, so that a removal
/// emptying the first or last day narrows the range as a fold without the removed events
/// has it.
struct DaysWithInputs: Equatable {
    /// Sorted, disjoint and never adjacent: two runs a day apart are one.
    private(set) var runs: [ClosedRange<Int64>] = []

    init() {}

    /// One run over `range`: what a state stored before the days were kept says of them.
    init(spanning range: ClosedRange<Int64>?) {
        runs = range.map { [$0] } ?? []
    }

    /// The first day to the last.
    var range: ClosedRange<Int64>? {
        guard let first = runs.first, let last = runs.last else { return nil }
        return first.lowerBound...last.upperBound
    }

    /// The run holding `day`, or where a run holding it would go.
    private func position(of day: Int64) -> Int {
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].upperBound < day { low = middle + 1 } else { high = middle }
        }
        return low
    }

    func contains(_ day: Int64) -> Bool {
        let index = position(of: day)
        return index < runs.count && runs[index].contains(day)
    }

    /// Adds `day`, joining the runs it touches.
    mutating func insert(_ day: Int64) {
        let index = position(of: day)
        if index < runs.count, runs[index].contains(day) { return }
        let joinsNext = index < runs.count && runs[index].lowerBound == day + 1
        let joinsPrevious = index > 0 && runs[index - 1].upperBound == day - 1
        switch (joinsPrevious, joinsNext) {
        case (true, true):
            runs[index - 1] = runs[index - 1].lowerBound...runs[index].upperBound
            runs.remove(at: index)
        case (true, false): runs[index - 1] = runs[index - 1].lowerBound...day
        case (false, true): runs[index] = day...runs[index].upperBound
        case (false, false): runs.insert(day...day, at: index)
        }
    }

    /// Takes `day` out, splitting the run it was in.
    mutating func remove(_ day: Int64) {
        let index = position(of: day)
        guard index < runs.count, runs[index].contains(day) else { return }
        let run = runs[index]
        var pieces: [ClosedRange<Int64>] = []
        if run.lowerBound < day { pieces.append(run.lowerBound...(day - 1)) }
        if day < run.upperBound { pieces.append((day + 1)...run.upperBound) }
        runs.replaceSubrange(index...index, with: pieces)
    }

    /// The runs as (gap from the previous run's end, length − 1): small varints.
    func write(to writer: inout BinaryWriter) {
        writer.varint(UInt64(runs.count))
        var previous: Int64 = 0
        for run in runs {
            writer.signed(run.lowerBound &- previous)
            writer.varint(UInt64(run.upperBound - run.lowerBound))
            previous = run.upperBound
        }
    }

    init(reading reader: inout BinaryReader) throws(DecodingError) {
        var previous: Int64 = 0
        for _ in 0..<(try reader.count()) {
            let first = previous &+ (try reader.signed())
            // Runs must rise and stay apart, or `position` would search them wrong.
            guard let length = Int64(exactly: try reader.varint()), case let (last, false) = first.addingReportingOverflow(length),
                  runs.isEmpty || (previous < first && first &- previous != 1) else {
                throw .malformed("calorie-credit days with inputs are out of order", at: reader.offset)
            }
            runs.append(first...last)
            previous = last
        }
    }
}
