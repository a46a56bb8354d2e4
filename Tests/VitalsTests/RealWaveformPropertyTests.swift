import Foundation
import LedgerCore
import Numerical
import PropertyBased
@testable import Projections
import Testing

/// What real recordings showed v2 getting wrong, as properties over generated waveforms.
@Suite struct RealWaveformPropertyTests {
    /// A camera PPG (inverted, 30 fps) whose pulse has a dicrotic wave `dicrotic` times the
    /// systolic height a third of a beat later, with a little beat-to-beat variation.
    static func pulse(bpm: Double, dicrotic: Double, seconds: Double = 30) -> [Double] {
        let period = 60 / bpm
        return (0..<Int(seconds * 30)).map { frame in
            let time = Double(frame) / 30
            let wobble = 0.02 * period * sin(2 * Double.pi * time / 7)
            let phase = ((time + wobble) / period).truncatingRemainder(dividingBy: 1)
            // A steep rise over the first 15% of the beat, then an exponential fall.
            let systolic = phase < 0.15 ? phase / 0.15 : exp(-(phase - 0.15) / 0.25)
            let secondary = dicrotic * exp(-pow((phase - 0.45) / 0.08, 2))
            return 205 - 2.5 * (systolic + secondary) + 0.1 * sin(Double(frame) * 1.7)
        }
    }

    @Test func aDicroticWaveIsNotCountedAsABeat() async {
        await propertyCheck(count: 40, input: Gen.double(in: 45...110), Gen.double(in: 0.3...0.8)) { bpm, dicrotic in
            let estimate = VitalsAlgorithmV3().estimate(VitalMeasured(samples: .ppg(Self.pulse(bpm: bpm, dicrotic: dicrotic)), timing: .rate(30)))
            let rate = estimate.rate ?? 0
            #expect(abs(rate - bpm) <= 3, "\(bpm) bpm with a dicrotic wave of \(dicrotic): \(estimate)")
        }
    }

    @Test func aFifteenSecondCleanPulseIsMeasured() async {
        await propertyCheck(count: 20, input: Gen.double(in: 50...120)) { bpm in
            let estimate = VitalsAlgorithmV3().estimate(VitalMeasured(samples: .ppg(Self.pulse(bpm: bpm, dicrotic: 0.4, seconds: 15)), timing: .rate(30)))
            #expect(abs((estimate.rate ?? 0) - bpm) <= 3, "\(bpm) bpm over 15 s: \(estimate)")
        }
    }

    /// Breathing at `perMinute` with a quick inhale and a slow exhale, on a phone on the chest
    /// (m/s², 25 Hz) that tilts by `tilt` radians about `at` seconds in.
    static func chest(perMinute: Double, tilt: Double, at turn: Double, seconds: Double = 60) -> (x: [Double], y: [Double], z: [Double]) {
        let times = (0..<Int(seconds * 25)).map { Double($0) / 25 }
        let breath = times.map { time -> Double in
            let phase = (time * perMinute / 60).truncatingRemainder(dividingBy: 1)
            return phase < 0.35 ? phase / 0.35 : 1 - (phase - 0.35) / 0.65
        }
        let angle = times.map { 0.1 + tilt / (1 + exp(-($0 - turn) / 0.5)) }
        let x = zip(angle, breath).enumerated().map { 9.81 * sin($1.0) + 0.02 * $1.1 + 0.003 * sin(Double($0) * 2.3) }
        let y = breath.enumerated().map { -0.4 + 0.01 * $1 + 0.003 * sin(Double($0) * 3.1) }
        let z = zip(angle, breath).enumerated().map { 9.81 * cos($1.0) + 0.05 * $1.1 + 0.003 * sin(Double($0) * 1.3) }
        return (x, y, z)
    }

    @Test func aChangeOfPostureIsNotMovement() async {
        await propertyCheck(count: 30, input: Gen.double(in: 8...30), Gen.double(in: 0.1...0.5), Gen.double(in: 20...40)) { perMinute, tilt, turn in
            let (x, y, z) = Self.chest(perMinute: perMinute, tilt: tilt, at: turn)
            let estimate = VitalsAlgorithmV3().estimate(VitalMeasured(samples: .accelerometer(x: x, y: y, z: z), timing: .rate(25)))
            #expect(abs((estimate.rate ?? 0) - perMinute) <= 2, "\(perMinute)/min turning \(tilt) rad at \(turn) s: \(estimate)")
        }
    }

    @Test func theRunningMedianFollowsAStepExactly() async {
        await propertyCheck(input: Gen.int(in: 50...400), Gen.double(in: -100...100), Gen.int(in: 10...80)) { step, height, window in
            let values = (0..<500).map { $0 < step ? 1.0 : 1.0 + height }
            let baseline = SignalMath.runningMedian(values, window: window)
            for index in values.indices where abs(index - step) > window / 2 + 1 {
                #expect(baseline[index] == values[index], "sample \(index) of a step at \(step), window \(window)")
            }
        }
    }

    @Test func thePrincipalComponentRecoversASharedSource() async {
        await propertyCheck(input: Gen.double(in: -1...1), Gen.double(in: -1...1), Gen.double(in: -1...1)) { a, b, c in
            let norm = (a * a + b * b + c * c).squareRoot()
            guard norm > 0.1 else { return }
            let source = (0..<200).map { sin(Double($0) / 5) }
            let axes = [a, b, c].map { weight in source.map { weight * $0 } }
            let component = SignalMath.principalComponent(axes, over: [Bool](repeating: true, count: 200))
            // Up to sign, the projection is the source scaled by the weights' length.
            let sign = component[8] * source[8] >= 0 ? 1.0 : -1.0
            for (projected, original) in zip(component, source) { #expect(abs(sign * projected - norm * original) < 1e-6) }
        }
    }
}
