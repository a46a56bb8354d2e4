import Foundation

/// One second-order IIR section (transposed direct form II), designed as a Butterworth
/// low- or high-pass by the bilinear transform with pre-warping.
struct Biquad {
    let b0, b1, b2, a1, a2: Double

    /// A Butterworth section with quality `q` (1/√2 alone; other values in a cascade).
    static func lowPass(cutoff: Double, rate: Double, q: Double = 1 / 2.0.squareRoot()) -> Biquad {
        let (cosine, alpha) = terms(cutoff: cutoff, rate: rate, q: q)
        let norm = 1 + alpha
        return Biquad(
            b0: (1 - cosine) / 2 / norm, b1: (1 - cosine) / norm, b2: (1 - cosine) / 2 / norm,
            a1: -2 * cosine / norm, a2: (1 - alpha) / norm)
    }

    static func highPass(cutoff: Double, rate: Double, q: Double = 1 / 2.0.squareRoot()) -> Biquad {
        let (cosine, alpha) = terms(cutoff: cutoff, rate: rate, q: q)
        let norm = 1 + alpha
        return Biquad(
            b0: (1 + cosine) / 2 / norm, b1: -(1 + cosine) / norm, b2: (1 + cosine) / 2 / norm,
            a1: -2 * cosine / norm, a2: (1 - alpha) / norm)
    }

    private static func terms(cutoff: Double, rate: Double, q: Double) -> (cosine: Double, alpha: Double) {
        let omega = 2 * Double.pi * min(cutoff, rate * 0.49) / rate
        return (cos(omega), sin(omega) / (2 * q))
    }

    /// Filters `input` from its first sample, starting from rest at the first value's level
    /// (a high-pass then starts without a step).
    func run(_ input: [Double]) -> [Double] {
        var output = [Double](repeating: 0, count: input.count)
        guard let first = input.first else { return output }
        // Steady state for a constant input `first`: the section's DC gain times it.
        let dcGain = (b0 + b1 + b2) / (1 + a1 + a2)
        let settled = first * dcGain
        var z1 = settled - b0 * first
        var z2 = b2 * first - a2 * settled
        for (index, x) in input.enumerated() {
            let y = b0 * x + z1
            z1 = b1 * x - a1 * y + z2
            z2 = b2 * x - a2 * y
            output[index] = y
        }
        return output
    }
}
