import Foundation
import LedgerCore

extension DemoGenerator {
    /// A morning selfie whose face shows the night: eyes open, brows raised and mouth shut
    /// after a long, unbroken sleep; a readier smile and a smoother nose with a higher HRV —
    /// each with noise of its own, beside features that show nothing, so that
    /// `healthledger models` has something true to find (and nothing for resting HR).
    mutating func morningFace(_ midnight: Int64, after dayEvents: [Event]) -> Event {
        var stages: [String: Double] = [:]
        var hrv = 48.0
        for event in dayEvents {
            if event.kind == .categoryRecorded, let stage = try? event.decode(CategoryRecorded.self), let end = event.end {
                stages[stage.value.replacingOccurrences(of: "HKCategoryValueSleepAnalysis", with: ""), default: 0] += Double(end.micros - event.start.micros) / 3_600_000_000
            } else if event.kind == .sampleRecorded, let sample = try? event.decode(SampleRecorded.self), sample.type.hasSuffix("HeartRateVariabilitySDNN") {
                hrv = sample.value
            }
        }
        let asleep = ["AsleepCore", "AsleepDeep", "AsleepREM"].reduce(0) { $0 + stages[$1, default: 0] }
        let awakeShare = stages["Awake", default: 0] / max(asleep + stages["Awake", default: 0], 1)
        // Roughly what the sleep score rewards: enough sleep (up to 7 h), little time awake.
        let rested = 0.7 * min(1, (asleep - 3) / 4) + 0.3 * (1 - min(1, max(0, (awakeShare - 0.05) / 0.25)))
        let calm = (hrv - 48) / 9
        let features = FaceFeatures { feature in
            let value: Double = switch feature {
            case .eyeOpennessLeft, .eyeOpennessRight, .browRaiseLeft, .browRaiseRight: 0.3 + rested + random.gaussian(mean: 0, deviation: 0.03)
            case .eyeBlinkLeft, .eyeBlinkRight, .mouthOpen, .browFurrow: 1.1 - rested + random.gaussian(mean: 0, deviation: 0.03)
            case .mouthSmileLeft, .mouthSmileRight: 0.4 + 0.1 * calm + random.gaussian(mean: 0, deviation: 0.05)
            case .noseWrinkle, .jawOpen: 0.3 - 0.1 * calm + random.gaussian(mean: 0, deviation: 0.05)
            case .headPitch, .headYaw, .headRoll: random.gaussian(mean: 0, deviation: 4)
            default: Double.random(in: 0.05...0.9, using: &random)
            }
            return (value * 1000).rounded() / 1000
        }
        let indicators = FaceIndicators { _ in (Double.random(in: 30...90, using: &random)).rounded() }
        let metadata = FaceCaptureMetadata(imageWidth: 1080, imageHeight: 1440, faceConfidence: 0.97, landmarkCount: 468)
        return event(FaceCaptured(features: features, indicators: indicators, metadata: metadata), Timestamp(micros: midnight + hours(8.25)))
    }
}
