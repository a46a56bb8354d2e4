public import LedgerCore
public import Numerical

/// A way to derive a rate from a raw vital signal. Versions stay selectable so a replay can
/// show what a newer one changes in every past reading.
public protocol VitalsAlgorithm: Sendable {
    var version: Int { get }
    /// Beats per minute from a fingertip PPG.
    func heartRate(_ ppg: UniformSignal) -> VitalEstimate
    /// Breaths per minute from three accelerometer axes sampled together.
    func breathingRate(x: UniformSignal, y: UniformSignal, z: UniformSignal) -> VitalEstimate
}

extension VitalsAlgorithm {
    /// The rate `measurement` shows, by its sensor.
    public func estimate(_ measurement: VitalMeasured) -> VitalEstimate {
        switch measurement.samples {
        case .ppg(let values):
            heartRate(UniformSignal(values: values, timing: measurement.timing))
        case .accelerometer(let x, let y, let z):
            breathingRate(
                x: UniformSignal(values: x, timing: measurement.timing), y: UniformSignal(values: y, timing: measurement.timing),
                z: UniformSignal(values: z, timing: measurement.timing))
        }
    }
}

/// The algorithms by version.
public enum VitalsAlgorithms {
    public static let all: [any VitalsAlgorithm] = [VitalsAlgorithmV1(), VitalsAlgorithmV2(), VitalsAlgorithmV3()]
    public static let current: any VitalsAlgorithm = VitalsAlgorithmV3()

    public static func version(_ number: Int) -> (any VitalsAlgorithm)? { all.first { $0.version == number } }
}
