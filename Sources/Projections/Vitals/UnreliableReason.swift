import Foundation

/// Why a recording gives no trustworthy rate; said instead of a confident wrong number.
public enum UnreliableReason: Hashable, Sendable {
    case tooShort(seconds: Double, needed: Double)
    case sampleRateTooLow(rate: Double, needed: Double)
    /// Every sample the same: a saturated sensor or nothing recorded.
    case flat(value: Double)
    /// Many samples stuck at the sensor's limit.
    case clipped(share: Double)
    /// Movement swamps the rhythm in this share of the recording.
    case motion(share: Double)
    /// The spectrum has no clear peak (quality below the threshold).
    case noRhythm(quality: Double)
    /// The spectral peak and the spacing of detected peaks give different rates (per minute).
    case disagreement(spectral: Double, intervals: Double)

    /// A stable identifier for scripts and storage.
    public var code: String {
        switch self {
        case .tooShort: "too-short"
        case .sampleRateTooLow: "sample-rate-too-low"
        case .flat: "flat"
        case .clipped: "clipped"
        case .motion: "motion"
        case .noRhythm: "no-rhythm"
        case .disagreement: "disagreement"
        }
    }

    /// The numbers behind the reason, in the order `init(code:numbers:)` takes them.
    var numbers: [Double] {
        switch self {
        case .tooShort(let a, let b), .sampleRateTooLow(let a, let b), .disagreement(let a, let b): [a, b]
        case .flat(let a), .clipped(let a), .motion(let a), .noRhythm(let a): [a]
        }
    }

    init?(code: String, numbers: [Double]) {
        let first = numbers.first ?? 0, second = numbers.count > 1 ? numbers[1] : 0
        switch code {
        case "too-short": self = .tooShort(seconds: first, needed: second)
        case "sample-rate-too-low": self = .sampleRateTooLow(rate: first, needed: second)
        case "flat": self = .flat(value: first)
        case "clipped": self = .clipped(share: first)
        case "motion": self = .motion(share: first)
        case "no-rhythm": self = .noRhythm(quality: first)
        case "disagreement": self = .disagreement(spectral: first, intervals: second)
        default: return nil
        }
    }

    /// What went wrong and what to do, for a person.
    public var explanation: String {
        switch self {
        case .tooShort(let seconds, let needed):
            "the recording lasts \(format(seconds)) s but at least \(format(needed)) s are needed: measure again for 45 s"
        case .sampleRateTooLow(let rate, let needed):
            "\(format(rate)) samples per second is too few (at least \(format(needed))): record at a higher frame or sample rate"
        case .flat(let value):
            "every sample reads \(format(value)): the sensor is saturated or recorded nothing (for heart rate: a fingertip covering the lens, flash on, pressing lightly)"
        case .clipped(let share):
            "\(percent(share)) of the samples sit at the sensor's limits (for heart rate: press more lightly or turn the flash off)"
        case .motion(let share):
            "movement swamps the signal in \(percent(share)) of the recording: keep still and measure again"
        case .noRhythm(let quality):
            "no clear rhythm (quality \(String(format: "%.2f", quality))): place the sensor again and keep still"
        case .disagreement(let spectral, let intervals):
            "the spectrum says \(format(spectral)) and the beat spacing says \(format(intervals)) per minute: too irregular to trust; measure again"
        }
    }

    private func format(_ value: Double) -> String { String(format: "%.1f", value) }

    private func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }
}
