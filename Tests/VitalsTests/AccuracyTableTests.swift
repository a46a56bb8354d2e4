import LedgerCore
import Projections
import Testing

/// The accuracy table of docs/guide/vitals.md on simulated recordings: v2 as it was, and v3 no worse.
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

    static let versions: [any VitalsAlgorithm] = [VitalsAlgorithmV2(), VitalsAlgorithmV3()]

    @Test(arguments: usable)
    func withinTolerance(_ name: String, truth: Double, tolerance: Double) throws {
        for algorithm in Self.versions {
            let estimate = algorithm.estimate(try VitalsFixture.measured(name))
            let rate = try #require(estimate.rate, "v\(algorithm.version) \(name) flagged: \(estimate.unreliable?.explanation ?? "")")
            #expect(abs(rate - truth) <= tolerance, "v\(algorithm.version) \(name): \(rate) against \(truth)")
        }
    }

    @Test(arguments: broken)
    func flaggedUnreliable(_ name: String, reasons: Set<String>) throws {
        for algorithm in Self.versions {
            let estimate = algorithm.estimate(try VitalsFixture.measured(name))
            #expect(estimate.rate == nil, "v\(algorithm.version) \(name) gave \(estimate.rate ?? 0)")
            #expect(reasons.contains(estimate.unreliable?.code ?? "none"), "v\(algorithm.version) \(name): \(estimate.unreliable?.code ?? "none")")
        }
    }
}
