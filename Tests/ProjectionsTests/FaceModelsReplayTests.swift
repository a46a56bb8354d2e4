import LedgerCore
import LedgerStore
import Testing
@testable import Projections
import TestSupport

/// A better extractor: v1 with the left eye's openness halved, so the diff is known.
struct HalvedEyeExtractor: FaceFeatureExtractor {
    let version = 2
    func features(landmarks: [FacePoint], blendshapes: [String: Double], aspect: Double) -> FaceFeatures? {
        FaceMeshExtractorV1().features(landmarks: landmarks, blendshapes: blendshapes, aspect: aspect).map { features in
            var halved = features
            halved[.eyeOpennessLeft] /= 2
            return halved
        }
    }
}

enum FaceModelsWithExtractorV2: ProjectionKind {
    static let name = FaceModelsView.name
    static let version = FaceModelsView.version + 1
    static func makeState(load: @escaping ([UInt8]) throws -> [UInt8]?) throws -> FaceModelsViewState {
        try FaceModelsViewState(load: load, extractor: HalvedEyeExtractor())
    }
    static func describeChanges(from old: FaceModelsViewState, to new: FaceModelsViewState, keys: [[UInt8]]) throws -> [String] {
        try FaceModelsView.describeChanges(from: old, to: new, keys: keys)
    }
}

@Suite struct FaceModelsReplayTests {
    @Test func aNewExtractorReDerivesLandmarkCapturesAndTheReplayNamesTheChange() throws {
        let vault = try ScratchVault()
        let fromLandmarks = Event(FaceCaptured(landmarks: FaceModelsFixture.landmarks(gap: 0.018)), start: FaceModelsFixture.micros(day: FaceModelsFixture.firstDay, hour: 7), utcOffset: 0)
        let fromShareHealth = FaceModelsFixture.capture(day: FaceModelsFixture.firstDay, level: 50)
        try vault.ledger.append([fromLandmarks, fromShareHealth])
        let before = try ProjectionEngine.current(FaceModelsView.self, ledger: vault.ledger)
        #expect(abs(try #require(before.fold.allCaptures.first { $0.id == fromLandmarks.id }?.features)[.eyeOpennessLeft] - 0.8) < 1e-12)

        #expect(throws: ProjectionVersionError.self) { try ProjectionEngine.current(FaceModelsWithExtractorV2.self, ledger: vault.ledger) }
        let report = try ProjectionEngine.replay(FaceModelsWithExtractorV2.self, ledger: vault.ledger, dryRun: false)
        #expect(report.details == [
            "face-models: features of 1 re-derived",
            "  extractor v1 → v2: 1 capture",
            "  largest mean changes: eyeOpennessLeft -0.4000",
        ])
        let after = try ProjectionEngine.current(FaceModelsWithExtractorV2.self, ledger: vault.ledger)
        #expect(abs(try #require(after.fold.allCaptures.first { $0.id == fromLandmarks.id }?.features)[.eyeOpennessLeft] - 0.4) < 1e-12)
        #expect(after.fold.allCaptures.first { $0.id == fromShareHealth.id } == before.fold.allCaptures.first { $0.id == fromShareHealth.id }, "ShareHealth's own features are kept as captured")
    }
}
