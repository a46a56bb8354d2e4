import Foundation
import LedgerCore
@testable import Projections

/// Captures, nights and HRV readings built in code, one local day at a time (UTC).
enum FaceModelsFixture {
    static let firstDay: Int64 = 20_530  // 2026-03-18

    static func micros(day: Int64, hour: Double) -> Timestamp {
        Timestamp(micros: day * 86_400_000_000 + Int64(hour * 3_600_000_000))
    }

    /// A metrics capture at 08:00 whose features follow `level` (eye openness rises with it,
    /// brow furrow falls) with a fixed per-feature wobble so no two captures are alike.
    static func capture(day: Int64, level: Double) -> Event {
        let features = FaceFeatures { feature in
            let index = Double(FaceFeature.allCases.firstIndex(of: feature)!)
            switch feature {
            case .eyeOpennessLeft: return 0.5 + 0.004 * level
            case .browFurrow: return 0.6 - 0.003 * level + 0.01 * sin(Double(day))
            case .cheekPuffLeft, .cheekPuffRight: return 0  // never measured: constant columns
            default: return 0.3 + 0.05 * sin(index * 1.7 + Double(day) * 0.9)
            }
        }
        return Event(FaceCaptured(features: features), start: micros(day: day, hour: 8), utcOffset: 0)
    }

    static func hrv(day: Int64, _ value: Double) -> Event {
        Event(SampleRecorded(type: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", value: value, unit: "ms"), start: micros(day: day, hour: 3), utcOffset: 0)
    }

    /// Daily metrics folded in memory from `events`.
    static func dailyMetrics(_ events: [Event]) throws -> DailyMetricsState {
        let state = try DailyMetricsState()
        for event in events { try state.add(event) }
        return state
    }

    /// The face-models fold over `events`.
    static func faceModels(_ events: [Event], extractor: any FaceFeatureExtractor = FaceMeshExtractorV1()) throws -> FaceModelsState {
        let state = try FaceModelsState(captures: nil, settings: nil, extractor: extractor)
        for event in events { try state.add(event) }
        return state
    }

    /// 468 landmarks at the image centre except the eyes: corners 0.06 apart, lids `gap` apart.
    static func landmarks(gap: Double) -> [FacePoint] {
        var points = [FacePoint](repeating: FacePoint(x: 0.5, y: 0.5, z: 0), count: 468)
        for (outer, inner, pairs, sign) in [(33, 133, [(160, 144), (158, 153)], -1.0), (263, 362, [(385, 380), (387, 373)], 1.0)] {
            points[outer] = FacePoint(x: 0.5 + sign * 0.10, y: 0.4, z: 0)
            points[inner] = FacePoint(x: 0.5 + sign * 0.04, y: 0.4, z: 0)
            for (upper, lower) in pairs {
                points[upper] = FacePoint(x: 0.5 + sign * 0.07, y: 0.4 - gap / 2, z: 0)
                points[lower] = FacePoint(x: 0.5 + sign * 0.07, y: 0.4 + gap / 2, z: 0)
            }
        }
        return points
    }
}
