@testable import Numerical
import Testing

/// Statistics against SciPy 1.17.1; the figures come from Reference/statistics_reference.py.
@Suite struct StatisticsTests {
    let x = [6.1, 7.3, 5.2, 8.0, 6.6, 7.9, 5.5, 6.8, 7.1, 4.9, 6.0, 7.7]
    let y: [Double] = [62, 70, 55, 81, 66, 77, 60, 64, 73, 50, 61, 72]

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance * max(1, abs(b)) }

    @Test func pearsonMatchesSciPy() throws {
        let strong = try #require(Pearson(x, y))
        #expect(strong.n == 12)
        #expect(close(strong.r, 0.9663758519518272))
        #expect(close(strong.p, 3.198983506086878e-07, 1e-6))
        #expect(close(strong.slope, 8.285830343240132))
        #expect(close(strong.intercept, 11.299234987475458))
        let weak = try #require(Pearson([1, 2, 3, 4, 5, 6, 7, 8], [3.1, 2.2, 4.0, 2.9, 3.8, 2.5, 3.6, 3.3]))
        #expect(close(weak.r, 0.2231134721783104))
        #expect(close(weak.p, 0.595338040811938, 1e-8))
    }

    @Test func welchMatchesSciPy() throws {
        let test = try #require(Welch(with: [5.1, 4.2, 6.3, 3.9, 4.8, 5.5], without: [6.9, 7.2, 5.8, 7.5, 6.6, 8.1, 7.0, 6.4]))
        #expect(close(test.t, -4.53114192364775))
        #expect(close(test.p, 0.0012718985175403698, 1e-7))
        #expect(close(test.degrees, 9.408408339815198))
        #expect(close(test.lower, -2.9482927526785354, 1e-8))
        #expect(close(test.upper, -0.9933739139881309, 1e-8))
    }

    @Test func tDistributionAndIncompleteBetaMatchSciPy() {
        #expect(close(StudentT(degrees: 7.5).twoSidedP(2.1), 0.07123707145807809, 1e-9))
        #expect(close(StudentT(degrees: 9.3).quantile(0.975), 2.25108222468444, 1e-9))
        #expect(close(SpecialFunctions.incompleteBeta(0.3, 2.5, 4), 0.3521975859067672, 1e-12))
    }

    @Test func tooFewOrFlatValuesGiveNoFigure() {
        #expect(Pearson([1, 2], [3, 4]) == nil)
        #expect(Pearson([1, 1, 1], [3, 4, 5]) == nil)
        #expect(Welch(with: [1], without: [2, 3]) == nil)
    }
}
