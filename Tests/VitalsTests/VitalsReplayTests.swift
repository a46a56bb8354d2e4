import Foundation
import LedgerCore
import LedgerStore
import Projections
import Testing
import TestSupport

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

/// The vitals view as algorithm v2 computed it: what a vault from before v3 holds.
enum VitalsViewV2: ProjectionKind {
    static let name = VitalsView.name
    static let version = 2
    static func makeState(load: @escaping ([UInt8]) throws -> [UInt8]?) throws -> VitalsViewState {
        try VitalsViewState(load: load, algorithm: VitalsAlgorithmV2())
    }
    static func describeChanges(from old: VitalsViewState, to new: VitalsViewState, keys: [[UInt8]]) throws -> [String] {
        try VitalsView.describeChanges(from: old, to: new, keys: keys)
    }
}

/// A better algorithm re-derives every past reading from the raw signals on replay.
@Suite struct VitalsReplayTests {
    @Test func versionOneReadingsAreReDerivedByTheCurrentVersion() throws {
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

        let (v1, v3) = (VitalsAlgorithmV1(), VitalsAlgorithmV3())
        let heartDelta = v3.estimate(clean).rate! - v1.estimate(clean).rate!
        let breathingDelta = v3.estimate(breathing).rate! - v1.estimate(breathing).rate!
        #expect(report.storedVersion == 1 && report.version == 3)
        #expect(report.details.contains("heart rate v1 → v3 changed 2 readings, mean \(Self.signed(heartDelta)) bpm over 1; 1 now flagged unreliable"))
        #expect(report.details.contains("breathing rate v1 → v3 changed 1 reading, mean \(Self.signed(breathingDelta)) breaths/min over 1"))
        #expect(report.details.contains { $0.contains("→ unreliable (no-rhythm)") })

        let after = try ProjectionEngine.current(VitalsView.self, ledger: vault.ledger).allReadings()
        #expect(after.map(\.algorithm) == [3, 3, 3])
        #expect(after.map(\.estimate) == [v3.estimate(clean), v3.estimate(moving), v3.estimate(breathing)])
    }

    /// Real recordings v2 refused (a 24 s pulse whose dicrotic wave it counted, breathing
    /// with a change of posture) are measured after the replay, and the report says so.
    @Test func versionTwoReadingsOfRealRecordingsAreReDerivedByVersionThree() throws {
        let vault = try ScratchVault()
        let windows = ["ppg-heartpy1-0s-24s", "ppg-systole-0s-45s", "accel-systole-1200s-60s-posture"].map { name in RealWindow.all.first { $0.name == name }! }
        for (index, window) in windows.enumerated() { try vault.append(window.measured, at: Int64(index * 100)) }
        let before = try ProjectionEngine.current(VitalsViewV2.self, ledger: vault.ledger).allReadings()
        #expect(before.map(\.algorithm) == [2, 2, 2])
        #expect(before.map { $0.estimate.unreliable?.code } == ["no-rhythm", nil, "no-rhythm"])

        let report = try ProjectionEngine.replay(VitalsView.self, ledger: vault.ledger, dryRun: false)

        let (v2, v3) = (VitalsAlgorithmV2(), VitalsAlgorithmV3())
        let steadyDelta = v3.estimate(windows[1].measured).rate! - v2.estimate(windows[1].measured).rate!
        #expect(report.storedVersion == 2 && report.version == 3)
        #expect(report.details.contains("heart rate v2 → v3 changed 2 readings, mean \(Self.signed(steadyDelta)) bpm over 1; 1 now reliable"))
        #expect(report.details.contains("breathing rate v2 → v3 changed 1 reading; 1 now reliable"))
        let measuredNow = String(format: "%.1f", v3.estimate(windows[0].measured).rate!)
        #expect(report.details.contains { $0.hasSuffix(": unreliable (no-rhythm) → \(measuredNow) bpm") }, "\(report.details)")
        let after = try ProjectionEngine.current(VitalsView.self, ledger: vault.ledger).allReadings()
        #expect(after.map(\.algorithm) == [3, 3, 3])
        for (reading, window) in zip(after, windows) {
            let rate = try #require(reading.estimate.rate, "\(window.name) still refused")
            #expect(abs(rate - window.reference!) <= window.tolerance, "\(window.name): \(rate) against \(window.reference!)")
        }
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
