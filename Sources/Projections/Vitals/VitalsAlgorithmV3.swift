public import Numerical

/// Rates tuned on real recordings: heart rate from the slope of the pulse (`PulseEstimator`),
/// breathing from the principal component of the three axes after posture and drift are
/// taken out (`BreathEstimator`).
public struct VitalsAlgorithmV3: VitalsAlgorithm {
    public let version = 3

    public init() {}

    public func heartRate(_ ppg: UniformSignal) -> VitalEstimate {
        PulseEstimator().estimate(ppg)
    }

    public func breathingRate(x: UniformSignal, y: UniformSignal, z: UniformSignal) -> VitalEstimate {
        BreathEstimator().estimate(x: x, y: y, z: z)
    }
}
