import Foundation
import LedgerCore
import Projections
import Testing

/// docs/guide/vitals.md's accuracy table on real recordings: every reading within ±3 bpm or ±2
/// breaths/min of the reference or flagged unreliable, none confidently wrong, and at most
/// one clean window in ten refused.
@Suite struct RealAccuracyTableTests {
    enum Outcome: Equatable {
        case right(Double), refused(String), wrong(Double)
    }

    static func outcome(_ window: RealWindow, _ algorithm: any VitalsAlgorithm) -> Outcome {
        let estimate = algorithm.estimate(window.measured)
        guard let rate = estimate.rate else { return .refused(estimate.unreliable?.code ?? "?") }
        guard let reference = window.reference, abs(rate - reference) <= window.tolerance else { return .wrong(rate) }
        return .right(rate)
    }

    @Test func everyWindowIsLoaded() {
        #expect(RealWindow.all.count == 38)
        #expect(RealWindow.all.filter(\.clean).count >= 10)
    }

    @Test(arguments: RealWindow.all)
    func noReadingIsConfidentlyWrong(_ window: RealWindow) {
        let estimate = VitalsAlgorithms.current.estimate(window.measured)
        if case .wrong(let rate) = Self.outcome(window, VitalsAlgorithms.current) {
            Issue.record("\(window.name): \(rate) against \(window.reference.map { String($0) } ?? "no rhythm"), quality \(estimate.quality ?? 0)")
        }
    }

    @Test func atMostOneCleanWindowInTenIsRefused() {
        for isHeart in [true, false] {
            let clean = RealWindow.all.filter { $0.clean && $0.isHeart == isHeart }
            let refused = clean.filter { if case .refused = Self.outcome($0, VitalsAlgorithms.current) { true } else { false } }
            #expect(refused.count * 10 <= clean.count, "refused \(refused.map(\.name)) of \(clean.count) clean")
        }
    }
}
