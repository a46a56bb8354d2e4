import Foundation

/// Power of a signal at frequencies across a band, by a Hann-windowed DFT evaluated at each
/// frequency (a Goertzel recurrence): finer steps than an FFT's bins, and only where needed.
public struct Spectrum {
    public let frequencies: [Double]
    public let power: [Double]

    public init(_ values: [Double], rate: Double, band: ClosedRange<Double>, step: Double) {
        let count = values.count
        let windowed = values.enumerated().map { index, value in
            value * (0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(max(count - 1, 1))))
        }
        var frequencies: [Double] = []
        var power: [Double] = []
        var frequency = band.lowerBound
        while frequency <= band.upperBound + step / 2 {
            let coefficient = 2 * cos(2 * Double.pi * frequency / rate)
            var previous = 0.0, beforePrevious = 0.0
            for value in windowed {
                let current = value + coefficient * previous - beforePrevious
                beforePrevious = previous
                previous = current
            }
            frequencies.append(frequency)
            power.append(previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious)
            frequency += step
        }
        self.frequencies = frequencies
        self.power = power
    }

    public var total: Double { power.reduce(0, +) }

    /// The strongest frequency, refined between its neighbours by a parabola through the
    /// log powers (sub-step accuracy).
    public var strongest: Double? {
        guard let best = power.indices.max(by: { power[$0] < power[$1] }) else { return nil }
        guard best > 0, best < power.count - 1 else { return frequencies[best] }
        let (a, b, c) = (log(power[best - 1] + 1e-300), log(power[best] + 1e-300), log(power[best + 1] + 1e-300))
        let denominator = a - 2 * b + c
        let shift = denominator == 0 ? 0 : 0.5 * (a - c) / denominator
        return frequencies[best] + max(-0.5, min(0.5, shift)) * (frequencies[1] - frequencies[0])
    }

    /// Power within `halfWidth` of `frequency`.
    public func power(near frequency: Double, halfWidth: Double) -> Double {
        zip(frequencies, power).reduce(0) { abs($1.0 - frequency) <= halfWidth ? $0 + $1.1 : $0 }
    }

    /// The power-weighted mean frequency within `halfWidth` of `frequency`.
    public func centre(near frequency: Double, halfWidth: Double) -> Double {
        var weighted = 0.0, total = 0.0
        for (candidate, power) in zip(frequencies, power) where abs(candidate - frequency) <= halfWidth {
            weighted += candidate * power
            total += power
        }
        return total > 0 ? weighted / total : frequency
    }
}
