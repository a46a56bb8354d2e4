import Foundation
import LedgerCore
import Numerical
import Testing
@testable import Projections

@Suite struct FaceModelsTests {
    typealias Fixture = FaceModelsFixture
    let hrv = FaceModelTarget(name: "hrv")!

    private func train(_ events: [Event], alpha: RidgeAlpha = .standard) throws -> FaceModelTraining.Outcome {
        let daily = try Fixture.dailyMetrics(events)
        let faces = try Fixture.faceModels(events)
        return try FaceModelTraining.train(hrv, captures: faces.allCaptures, alpha: alpha) { try daily.metrics(for: $0) }
    }

    @Test func fewerThanSevenPairsIsInsufficientAndSaysHowMany() throws {
        let days = (0..<6).map { Fixture.firstDay + $0 }
        let events = days.flatMap { [Fixture.capture(day: $0, level: 40), Fixture.hrv(day: $0, 40)] }
        let outcome = try train(events)
        #expect(outcome.insufficientMessage == "insufficient data: 6 of 7 paired captures")
    }

    /// Nine captures, two on days without an HRV reading: seven pairs train, two are counted out.
    @Test func capturesWithoutHealthDataAreExcludedAndCounted() throws {
        var events: [Event] = []
        for offset in 0..<9 {
            let day = Fixture.firstDay + Int64(offset)
            let value = 30 + 4 * Double(offset % 5)
            events.append(Fixture.capture(day: day, level: value))
            if offset != 2, offset != 6 { events.append(Fixture.hrv(day: day, value)) }
        }
        guard case .trained(let model) = try train(events) else { Issue.record("expected a model"); return }
        #expect(model.accuracy.count == 7)
        #expect(model.excluded == 2)
        #expect(!model.samples.contains { $0.day.number == Fixture.firstDay + 2 || $0.day.number == Fixture.firstDay + 6 })

        events.removeAll { $0.kind == .sampleRecorded && $0.start.micros / 86_400_000_000 == Fixture.firstDay + 3 }
        #expect(try train(events).insufficientMessage == "insufficient data: 6 of 7 paired captures (3 captures on days without hrv)")
    }

    /// Two features never vary: they get no weight, and the eye feature that does carry the
    /// signal gets the largest, predicting HRV closely out of fold.
    @Test func constantFeatureColumnsGetNoWeightAndTheSignalIsFound() throws {
        let values = [32.0, 55, 41, 60, 38, 47, 52, 35, 44, 58, 49, 39]
        let events = values.enumerated().flatMap { offset, value in
            [Fixture.capture(day: Fixture.firstDay + Int64(offset), level: value), Fixture.hrv(day: Fixture.firstDay + Int64(offset), value)]
        }
        guard case .trained(let model) = try train(events) else { Issue.record("expected a model"); return }
        let weights = Dictionary(uniqueKeysWithValues: model.importance.map { ($0.feature, $0.coefficient) })
        #expect(weights[.cheekPuffLeft] == 0 && weights[.cheekPuffRight] == 0)
        #expect(model.importance[0].feature == .eyeOpennessLeft)
        #expect(model.samples.allSatisfy { $0.predicted.isFinite })
        #expect(try #require(model.accuracy.r) > 0.95)
        #expect(model.accuracy.meanAbsoluteError < 2)
    }

    @Test func theTargetsSettingReplacesTheDefaultsAndNullRestoresThem() throws {
        let set = Event(SettingChanged(key: FaceModelsState.targetsKey, value: .array([.string("hrv"), .string("mindful_minutes"), .string("nonsense")])),
                        start: Fixture.micros(day: Fixture.firstDay, hour: 9), utcOffset: 0)
        let state = try Fixture.faceModels([set])
        #expect(state.targets.map(\.name) == ["hrv", "mindful_minutes"])
        try state.add(Event(SettingChanged(key: FaceModelsState.targetsKey, value: .null), start: Fixture.micros(day: Fixture.firstDay, hour: 10), utcOffset: 0))
        #expect(state.targets.map(\.name) == ["sleep-score", "hrv", "resting-hr"])
        try state.remove(set)
        let stored = try FaceModelsCoding.decodeTargetChanges(try #require(state.encodedSettings()))
        #expect(stored.count == 1 && stored[0].targets == nil)
    }

    @Test func theExtractorMeasuresEyeOpennessByTheEyeAspectRatio() throws {
        let extractor = FaceMeshExtractorV1()
        // Lids 0.018 apart over eyes 0.06 wide: EAR 0.3, openness (0.3 − 0.1) / 0.25 = 0.8.
        let features = try #require(extractor.features(landmarks: Fixture.landmarks(gap: 0.018), blendshapes: [:], aspect: 1))
        #expect(abs(features[.eyeOpennessLeft] - 0.8) < 1e-12)
        #expect(abs(features[.eyeOpennessRight] - 0.8) < 1e-12)
        #expect(abs(features[.eyeBlinkLeft] - 0.2) < 1e-12)
        #expect(abs(features[.eyeDistance] - 0.14) < 1e-12)
        let blinking = try #require(extractor.features(landmarks: Fixture.landmarks(gap: 0.018), blendshapes: ["eyeBlinkLeft": 0.9], aspect: 1))
        #expect(blinking[.eyeBlinkLeft] == 0.9, "a blendshape of the same meaning wins over geometry")
        #expect(extractor.features(landmarks: [FacePoint](repeating: FacePoint(x: 0.5, y: 0.5, z: 0), count: 468), blendshapes: [:], aspect: 1) == nil)
    }

    /// A face turned 10° about each axis: roll and yaw from the cheek line 234→454, pitch
    /// from the midline 10→152, and the image's aspect undone before measuring.
    @Test func headPoseFollowsTheCheekLineAndTheMidline() throws {
        var points = Fixture.landmarks(gap: 0.018)
        let tilt = tan(10 * Double.pi / 180)
        points[234] = FacePoint(x: 0.3, y: 0.5, z: 0)
        points[454] = FacePoint(x: 0.7, y: 0.5 + 0.4 * tilt / 2, z: 0.4 * tilt)
        points[10] = FacePoint(x: 0.5, y: 0.2, z: 0)
        points[152] = FacePoint(x: 0.5, y: 0.35, z: -0.3 * tilt)
        let features = try #require(FaceMeshExtractorV1().features(landmarks: points, blendshapes: [:], aspect: 2))
        #expect(abs(features[.headRoll] - 10) < 1e-9)
        #expect(abs(features[.headYaw] - 10) < 1e-9)
        #expect(abs(features[.headPitch] + 10) < 1e-9, "chin nearer the camera than the forehead: head tilted up")
        #expect(abs(features[.faceWidth] - 0.4) < 1e-12 && abs(features[.faceHeight] - 0.15) < 1e-12, "sizes stay in image units")
    }

    @Test func unusableLandmarksFallBackToShareHealthsFeatures() throws {
        var capture = try Fixture.capture(day: Fixture.firstDay, level: 50).decode(FaceCaptured.self)
        capture.landmarks = [FacePoint](repeating: FacePoint(x: 0.5, y: 0.5, z: 0), count: 468)
        let derived = try #require(FaceMeshExtractorV1().features(of: capture))
        #expect(derived.extractorVersion == 0 && derived.features == capture.features)
        capture.features = nil
        #expect(FaceMeshExtractorV1().features(of: capture) == nil, "neither: the capture has no features and is not paired")
    }

    @Test func capturesRoundTripThroughTheirStoredBytes() throws {
        let landmarks = Event(FaceCaptured(landmarks: Fixture.landmarks(gap: 0.02)), start: Fixture.micros(day: Fixture.firstDay, hour: 7), utcOffset: 3600)
        let state = try Fixture.faceModels([Fixture.capture(day: Fixture.firstDay, level: 50), landmarks])
        let decoded = try FaceModelsCoding.decodeCaptures(try #require(state.encodedCaptures()))
        #expect(decoded == state.allCaptures)
        #expect(decoded.map(\.extractorVersion) == [1, 0], "oldest first: the landmarks were taken at 06:00 UTC")
    }
}
