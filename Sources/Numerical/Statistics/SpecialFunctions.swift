import Foundation

/// The log-gamma and regularized incomplete beta functions the t distribution needs.
enum SpecialFunctions {
    /// ln Γ(x) for x > 0, by the Lanczos approximation (g = 7, 9 terms; about 15 digits).
    static func logGamma(_ x: Double) -> Double {
        if x < 0.5 { return log(Double.pi / sin(Double.pi * x)) - logGamma(1 - x) }
        let coefficients = [
            0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
            12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
        ]
        let z = x - 1
        var sum = coefficients[0]
        for index in 1..<coefficients.count { sum += coefficients[index] / (z + Double(index)) }
        let t = z + 7.5
        return 0.5 * log(2 * Double.pi) + (z + 0.5) * log(t) - t + log(sum)
    }

    /// I_x(a, b), the regularized incomplete beta function, for 0 ≤ x ≤ 1 and a, b > 0.
    ///
    /// The continued fraction converges fast for x < (a + 1) / (a + b + 2); above that the
    /// symmetry I_x(a, b) = 1 − I_{1−x}(b, a) is used.
    static func incompleteBeta(_ x: Double, _ a: Double, _ b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * log(x) + b * log(1 - x)
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * continuedFraction(x, a, b) / a
        }
        return 1 - exp(logFront) * continuedFraction(1 - x, b, a) / b
    }

    /// The continued fraction of I_x(a, b), evaluated by the modified Lentz method.
    private static func continuedFraction(_ x: Double, _ a: Double, _ b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        d = 1 / (abs(d) < tiny ? tiny : d)
        var result = d
        for m in 1...300 {
            let m = Double(m)
            // Even step: d_{2m} = m(b − m)x / ((a + 2m − 1)(a + 2m)).
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + even * d
            c = 1 + even / c
            d = 1 / (abs(d) < tiny ? tiny : d)
            c = abs(c) < tiny ? tiny : c
            result *= d * c
            // Odd step: d_{2m+1} = −(a + m)(a + b + m)x / ((a + 2m)(a + 2m + 1)).
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + odd * d
            c = 1 + odd / c
            d = 1 / (abs(d) < tiny ? tiny : d)
            c = abs(c) < tiny ? tiny : c
            let delta = d * c
            result *= delta
            if abs(delta - 1) < 1e-15 { break }
        }
        return result
    }
}
