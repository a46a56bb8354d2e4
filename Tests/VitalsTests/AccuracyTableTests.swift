import LedgerCore
import Projections
import Testing

/// The accuracy table of the README: algorithm v2 on realistic recordings.
@Suite struct AccuracyTableTests {
    /// Clean and noisy recordings with their true rate and the tolerance promised.
    static let usable: [(name: String, truth: Double, tolerance: Double)] = [
        ("ppg-camera-52bpm", 52, 3), ("ppg-camera-72bpm", 72, 3), ("ppg-camera-95bpm", 95, 3),
        ("ppg-camera-128bpm", 128, 3), ("ppg-camera-165bpm", 165, 3), ("ppg-contact-80bpm", 80, 3),
        ("ppg-camera-noisy-88bpm", 88, 3), ("ppg-camera-jitter-67bpm", 67, 3),
        ("accel-chest-8rpm", 8, 2), ("accel-chest-12rpm", 12, 2), ("accel-chest-16rpm", 16, 2),
        ("accel-chest-22rpm", 22, 2), ("accel-chest-30rpm", 30, 2), ("accel-chest-noisy-14rpm", 14, 2),
    ]

    /// Broken recordings and the reason each must be flagged with.
    static let broken: [(name: String, reasons: Set<String>)] = [
        ("ppg-camera-motion", ["motion", "no-rhythm", "disagreement"]), ("ppg-camera-nofinger", ["no-rhythm", "disagreement"]),
        ("ppg-camera-clipped", ["flat", "clipped"]), ("ppg-camera-short", ["too-short"]),
        ("accel-walking", ["motion"]), ("accel-table", ["no-rhythm", "disagreement"]),
        ("accel-chest-short", ["too-short"]),
    ]

    @Test(arguments: usable)
    func withinTolerance(_ name: String, truth: Double, tolerance: Double) throws {
        let estimate = VitalsAlgorithmV2().estimate(try VitalsFixture.measured(name))
        let rate = try #require(estimate.rate, "\(name) flagged: \(estimate.unreliable?.explanation ?? "")")
        #expect(abs(rate - truth) <= tolerance, "\(name): \(rate) against \(truth)")
    }

    @Test(arguments: broken)
    func flaggedUnreliable(_ name: String, reasons: Set<String>) throws {
        let estimate = VitalsAlgorithmV2().estimate(try VitalsFixture.measured(name))
        #expect(estimate.rate == nil, "\(name) gave \(estimate.rate ?? 0)")
        #expect(reasons.contains(estimate.unreliable?.code ?? "none"), "\(name): \(estimate.unreliable?.code ?? "none")")
    }
}
