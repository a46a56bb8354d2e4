public import LedgerCore

/// Samples at a steady rate: what the filters and the spectrum need.
public struct UniformSignal: Sendable {
    public let values: [Double]
    /// Samples per second.
    public let rate: Double

    public init(values: [Double], rate: Double) {
        self.values = values
        self.rate = rate
    }

    /// Samples taken at `offsets` (seconds), resampled by linear interpolation at the median
    /// spacing: a phone camera delivers frames with jitter, and filters assume a steady rate.
    public init(values: [Double], timing: SampleTiming) {
        switch timing {
        case .rate(let rate):
            self.init(values: values, rate: rate)
        case .offsets(let offsets):
            let spacings = zip(offsets.dropFirst(), offsets).map { $0 - $1 }.filter { $0 > 0 }.sorted()
            guard values.count > 1, let first = offsets.first, let last = offsets.last, last > first, !spacings.isEmpty else {
                self.init(values: values, rate: 1)
                return
            }
            let step = spacings[spacings.count / 2]
            let count = Int(((last - first) / step).rounded(.down)) + 1
            var resampled: [Double] = []
            resampled.reserveCapacity(count)
            var index = 0
            for sample in 0..<count {
                let time = first + Double(sample) * step
                while index < offsets.count - 2, offsets[index + 1] <= time { index += 1 }
                let (t0, t1) = (offsets[index], offsets[index + 1])
                let fraction = t1 > t0 ? min(max((time - t0) / (t1 - t0), 0), 1) : 0
                resampled.append(values[index] + fraction * (values[index + 1] - values[index]))
            }
            self.init(values: resampled, rate: 1 / step)
        }
    }

    public var duration: Double { Double(values.count) / rate }
}
