import Numerical

/// One part of the sleep score, with its weight (Oura's published v1 weights) and the
/// curve that turns the night's value into 0…100.
///
/// The curves (v1) — Oura publishes the targets, not the curves; these follow its guidance:
/// - total sleep, hours: 0 at ≤ 3, rising to 100 at 7, 100 up to 9, falling to 70 at ≥ 12.
/// - efficiency, asleep ÷ time in bed %: 0 at ≤ 55, rising to 100 at ≥ 85.
/// - latency, minutes from going to bed to falling asleep: 50 at 0 (falling asleep at once
///   is a sign of sleep debt), 100 from 10 to 20, 0 at ≥ 60.
/// - REM, share of total sleep %: rising from 0 to 100 at ≥ 20.
/// - deep, share of total sleep %: rising from 0 to 100 at ≥ 15.
/// - restfulness, awake ÷ time in bed %: 100 at ≤ 5, falling to 0 at ≥ 30.
/// - timing, midpoint of the night in hours after midnight: 100 from 0:00 to 3:00, falling
///   to 0 three hours either side (21:00 and 6:00).
public enum SleepContributor: String, Sendable, CaseIterable {
    case totalSleep = "total"
    case efficiency, latency, rem, deep, restfulness, timing

    public var weight: Double {
        switch self {
        case .totalSleep: 0.35
        case .restfulness: 0.15
        case .efficiency, .latency, .rem, .deep, .timing: 0.10
        }
    }

    /// The unit of the value the curve reads.
    public var unit: String {
        switch self {
        case .totalSleep: "h"
        case .latency: "min"
        case .timing: "h after midnight"
        case .efficiency, .rem, .deep, .restfulness: "%"
        }
    }

    var curve: PiecewiseLinear {
        switch self {
        case .totalSleep: PiecewiseLinear([(3, 0), (7, 100), (9, 100), (12, 70)])
        case .efficiency: PiecewiseLinear([(55, 0), (85, 100)])
        case .latency: PiecewiseLinear([(0, 50), (10, 100), (20, 100), (60, 0)])
        case .rem: PiecewiseLinear([(0, 0), (20, 100)])
        case .deep: PiecewiseLinear([(0, 0), (15, 100)])
        case .restfulness: PiecewiseLinear([(5, 100), (30, 0)])
        case .timing: PiecewiseLinear([(-3, 0), (0, 100), (3, 100), (6, 0)])
        }
    }
}
