import Foundation
import LedgerCore
import LedgerStore
import Projections
import Testing

/// The vitals view as algorithm v1 computed it: what a vault from before v2 holds.
enum VitalsViewV1: ProjectionKind {
    static let name = VitalsView.name
    static let version = 1
    static func makeState(load: @escaping ([UInt8]) throws -> [UInt8]?) throws -> VitalsViewState {
        try VitalsViewState(load: load, algorithm: VitalsAlgorithmV1())
    }
    static func describeChanges(from old: VitalsViewState, to new: VitalsViewState, keys: [[UInt8]]) throws -> [String] {
        try VitalsView.describeChanges(from: old, to: new, keys: keys)
    }
}

/// A better algorithm re-derives every past reading from the raw signals on replay.
@Suite struct VitalsReplayTests {
    @Test func versionTwoChangesPastReadingsAndTheReportShowsTheDeltas() throws {
        let vault = try ScratchVault()
        let clean = try VitalsFixture.measured("ppg-camera-72bpm")
        let moving = try VitalsFixture.measured("ppg-camera-motion")
        let breathing = try VitalsFixture.measured("accel-chest-16rpm")
        try vault.append(clean, at: 0)
        try vault.append(moving, at: 100)
        try vault.append(breathing, at: 200)
        let before = try ProjectionEngine.current(VitalsViewV1.self, ledger: vault.ledger).allReadings()
        #expect(before.allSatisfy { $0.algorithm == 1 && $0.estimate.rate != nil })
        #expect(throws: ProjectionVersionError.self) { try ProjectionEngine.current(VitalsView.self, ledger: vault.ledger) }

        let report = try ProjectionEngine.replay(VitalsView.self, ledger: vault.ledger, dryRun: false)

        let (v1, v2) = (VitalsAlgorithmV1(), VitalsAlgorithmV2())
        let heartDelta = v2.estimate(clean).rate! - v1.estimate(clean).rate!
        let breathingDelta = v2.estimate(breathing).rate! - v1.estimate(breathing).rate!
        #expect(report.storedVersion == 1 && report.version == 2)
        #expect(report.details.contains("heart rate v1 → v2 changed 2 readings, mean \(Self.signed(heartDelta)) bpm over 1; 1 now flagged unreliable"))
        #expect(report.details.contains("breathing rate v1 → v2 changed 1 reading, mean \(Self.signed(breathingDelta)) breaths/min over 1"))
        #expect(report.details.contains { $0.contains("→ unreliable (no-rhythm)") })

        let after = try ProjectionEngine.current(VitalsView.self, ledger: vault.ledger).allReadings()
        #expect(after.map(\.algorithm) == [2, 2, 2])
        #expect(after.map(\.estimate) == [v2.estimate(clean), v2.estimate(moving), v2.estimate(breathing)])
    }

    @Test func replayingTheSameVersionChangesNothing() throws {
        let vault = try ScratchVault()
        try vault.append(try VitalsFixture.measured("ppg-camera-95bpm"), at: 0)
        _ = try ProjectionEngine.current(VitalsView.self, ledger: vault.ledger)
        let report = try ProjectionEngine.replay(VitalsView.self, ledger: vault.ledger, dryRun: true)
        #expect(report.changedPartitions == 0)
    }

    static func signed(_ value: Double) -> String { (value >= 0 ? "+" : "−") + String(format: "%.1f", abs(value)) }
}
