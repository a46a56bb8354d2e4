public import Numerical

/// The companion app's demonstration method, kept to compare against: count the local
/// maxima of a lightly smoothed signal. No filtering, no check of the signal, no quality:
/// it always answers, which is why v2 replaced it.
public struct VitalsAlgorithmV1: VitalsAlgorithm {
    public let version = 1

    public init() {}

    public func heartRate(_ ppg: UniformSignal) -> VitalEstimate {
        .reliable(Self.maximaPerMinute(ppg.values, rate: ppg.rate, smoothing: 5), quality: nil)
    }

    /// Maxima of the acceleration's magnitude, as the app did with its motion sensor.
    public func breathingRate(x: UniformSignal, y: UniformSignal, z: UniformSignal) -> VitalEstimate {
        let magnitude = (0..<x.values.count).map { index -> Double in
            let (a, b, c) = (x.values[index], y.values[index], z.values[index])
            return (a * a + b * b + c * c).squareRoot()
        }
        return .reliable(Self.maximaPerMinute(magnitude, rate: x.rate, smoothing: Int(x.rate)), quality: nil)
    }

    /// Local maxima above the mean of a moving average of `smoothing` samples, per minute.
    static func maximaPerMinute(_ values: [Double], rate: Double, smoothing: Int) -> Double {
        guard values.count > smoothing + 2 else { return 0 }
        let width = max(1, smoothing)
        let smoothed = (0...(values.count - width)).map { start in values[start..<(start + width)].reduce(0, +) / Double(width) }
        let mean = smoothed.reduce(0, +) / Double(smoothed.count)
        let maxima = (1..<(smoothed.count - 1)).filter { smoothed[$0] > mean && smoothed[$0] > smoothed[$0 - 1] && smoothed[$0] >= smoothed[$0 + 1] }
        return Double(maxima.count) / (Double(values.count) / rate) * 60
    }
}
