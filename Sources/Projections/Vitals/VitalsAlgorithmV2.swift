public import Numerical

/// Robust rates with a quality index: see `RhythmEstimator`. Breathing is read on the axis
/// that moves most within the breathing band (the phone tilts mostly about one axis).
public struct VitalsAlgorithmV2: VitalsAlgorithm {
    public let version = 2
    /// Chest motion from breathing tilts a phone by a degree or two (about 0.02 g): band-limited
    /// movement, all axes together, above this share of gravity is the person moving.
    static let largestBreathingMotion = 0.06

    public init() {}

    public func heartRate(_ ppg: UniformSignal) -> VitalEstimate {
        RhythmEstimator(band: .heart).estimate(ppg)
    }

    public func breathingRate(x: UniformSignal, y: UniformSignal, z: UniformSignal) -> VitalEstimate {
        let estimator = RhythmEstimator(band: .breathing)
        let axes = [x, y, z]
        let prepared = axes.map { estimator.prepare($0) }
        let levels = prepared.map { SignalMath.rootMeanSquare($0.filtered[...]) }
        let dominant = levels.indices.max { levels[$0] < levels[$1] }!
        if let reason = estimator.screen(axes[dominant]) { return .unreliable(reason) }
        let motion = levels.reduce(0) { $0 + $1 * $1 }.squareRoot()
        if let gravity = Self.gravity(x, y, z), motion > Self.largestBreathingMotion * gravity { return .unreliable(.motion(share: 1)) }
        if prepared[dominant].disturbedShare > RhythmEstimator.maximumDisturbed { return .unreliable(.motion(share: prepared[dominant].disturbedShare)) }
        return estimator.rate(prepared[dominant], rate: x.rate)
    }

    /// The gravity the recording shows, in its own unit: raw samples in g or m/s² hold it;
    /// "user acceleration" with gravity removed does not, and then only the relative checks apply.
    static func gravity(_ x: UniformSignal, _ y: UniformSignal, _ z: UniformSignal) -> Double? {
        let magnitude = SignalMath.median((0..<x.values.count).map { index -> Double in
            let (a, b, c) = (x.values[index], y.values[index], z.values[index])
            return (a * a + b * b + c * c).squareRoot()
        })
        return (0.6...1.5).contains(magnitude) || (5.9...14.7).contains(magnitude) ? magnitude : nil
    }
}
