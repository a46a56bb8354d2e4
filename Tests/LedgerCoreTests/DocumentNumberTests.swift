import Testing
@testable import LedgerCore

@Suite("Document numbers")
struct DocumentNumberTests {
    /// Halves, near-halves, signs, zeros and magnitudes up to the codec's 10¹² × 10⁶ range.
    static let edges: [Double] = [
        0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 4_503_599_627_370_495.5,
        4_503_599_627_370_496, 9_007_199_254_740_993, 1e18, -1e18, 123_456.7, -48.123456 * 1e6,
    ]

    @Test("the codec's rounding is Double.rounded() at every edge and a million random values")
    func roundingMatchesTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<1_000_000).map { index -> Double in
            let magnitude = [1.0, 1e3, 1e6, 1e12, 1e18][index % 5]
            return Double.random(in: -magnitude...magnitude, using: &generator)
        }
        let mismatches = (Self.edges + random).filter { DocumentCodec.roundedHalfAwayFromZero($0) != $0.rounded() }
        #expect(mismatches.isEmpty, "first: \(mismatches.prefix(5))")
    }

    @Test("coordinates, readings and their negatives take their shortest exact decimal")
    func shortDecimals() {
        #expect(DocumentCodec.shortDecimal(48.137154)! == (48_137_154, 6))
        #expect(DocumentCodec.shortDecimal(-11.575382)! == (-11_575_382, 6))
        #expect(DocumentCodec.shortDecimal(72)! == (72, 0))
        #expect(DocumentCodec.shortDecimal(-0.5)! == (-5, 1))
        #expect(DocumentCodec.shortDecimal(1.0 / 3) == nil)
        #expect(DocumentCodec.shortDecimal(.nan) == nil)
        #expect(DocumentCodec.shortDecimal(2e12) == nil)
    }

    /// The one-try shortcut must pick the scale and mantissa that trying every scale picks.
    @Test("the shortcut to a short decimal agrees with trying every scale, on a million values")
    func shortcutMatchesTryingEveryScale() {
        var generator = SystemRandomNumberGenerator()
        let decimals = (0..<1_000_000).map { index -> Double in
            let digits = index % 9, magnitude = [1e2, 1e4, 1e9, 1e12][index / 9 % 4]
            let power = (0..<digits).reduce(1.0) { product, _ in product * 10 }
            let whole = Double.random(in: -magnitude...magnitude, using: &generator).rounded() * power
            return index % 7 == 0 ? Double.random(in: -magnitude...magnitude, using: &generator) : whole / power
        }
        let values = Self.edges + decimals + [999_999_999.999_999, 1e9, -1e9, 0.000_001, -0.000_000_5, .infinity, -.infinity, .nan]
        let disagreements = values.filter { value in
            let shortcut = DocumentCodec.shortDecimal(value), search = DocumentCodec.shortDecimalByEveryScale(value)
            return shortcut?.0 != search?.0 || shortcut?.1 != search?.1
        }
        let count = disagreements.count
        #expect(count == 0, "first: \(disagreements.prefix(5))")
    }
}
