import Foundation

/// SplitMix64: a tiny deterministic generator, so demo vaults and benchmarks are repeatable.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A normally distributed value (Box–Muller).
    public mutating func gaussian(mean: Double, deviation: Double) -> Double {
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &self)
        let u2 = Double.random(in: 0..<1, using: &self)
        return mean + deviation * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }

    /// A non-negative reading rounded to `places` decimals, as devices report.
    public mutating func reading(mean: Double, deviation: Double, places: Int = 0) -> Double {
        let scale = pow(10, Double(places))
        return max(0, (gaussian(mean: mean, deviation: deviation) * scale).rounded() / scale)
    }
}
