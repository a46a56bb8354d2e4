import Foundation
import LedgerCore
import Numerical
import Projections
import Testing

/// A poor signal is reported as unreliable with its reason, never as a number.
@Suite struct UnreliableSignalTests {
    @Test func aShortRecordingSaysHowLongItWasAndWhatToDo() throws {
        let estimate = VitalsAlgorithmV2().estimate(try VitalsFixture.measured("ppg-camera-short"))
        #expect(estimate.rate == nil)
        guard case .tooShort(let seconds, 10)? = estimate.unreliable else {
            Issue.record("flagged \(String(describing: estimate.unreliable))")
            return
        }
        #expect(abs(seconds - 6) < 0.05)
        #expect(estimate.unreliable?.explanation == "the recording lasts 6.0 s but at least 10.0 s are needed: measure again for 45 s")
    }

    @Test func aSaturatedCameraIsFlat() throws {
        let estimate = VitalsAlgorithmV2().estimate(try VitalsFixture.measured("ppg-camera-clipped"))
        #expect(estimate.unreliable == .flat(value: 255))
    }

    @Test func aLowFrameRateIsRefused() {
        let measured = VitalMeasured(samples: .ppg((0..<200).map { sin(Double($0)) }), timing: .rate(5))
        #expect(VitalsAlgorithmV2().estimate(measured).unreliable == .sampleRateTooLow(rate: 5, needed: 7.5))
    }

    @Test func partlyClippedFramesAreNamed() {
        // A pulse whose tops the sensor cuts off: every frame where sin > 2/3, about a quarter.
        let values = (0..<900).map { frame -> Double in
            let pulse: Double = 240 + 15 * sin(2 * Double.pi * 1.2 * Double(frame) / 30)
            return min(250, pulse)
        }
        guard case .clipped(let share)? = VitalsAlgorithmV2().estimate(VitalMeasured(samples: .ppg(values), timing: .rate(30))).unreliable else {
            Issue.record("not flagged as clipped")
            return
        }
        #expect(share == Double(values.filter { $0 == 250 || $0 == values.min() }.count) / 900)
        #expect(share > 0.25 && share < 0.3)
    }

    @Test func chestMovementIsJudgedAgainstTheRecordingsOwnGravity() {
        // Breathing at 15 per minute, and swaying 0.1 g within the breathing band: in g, and
        // the same recording in m/s², is movement; with gravity removed it cannot be told.
        let count = 45 * 50
        let sway = (0..<count).map { 0.1 * sin(2 * Double.pi * 0.31 * Double($0) / 50 + 1) }
        let breath = (0..<count).map { 0.02 * sin(2 * Double.pi * 0.25 * Double($0) / 50) }
        func estimate(scale: Double, gravity: Double) -> VitalEstimate {
            let axis = { (values: [Double]) in UniformSignal(values: values.map { $0 * scale }, rate: 50) }
            return VitalsAlgorithmV2().breathingRate(
                x: axis(zip(sway, breath).map { $0 + $1 }), y: axis(sway.map { $0 / 2 }), z: axis(breath.map { $0 - gravity }))
        }
        #expect(estimate(scale: 1, gravity: 1).unreliable == .motion(share: 1))
        #expect(estimate(scale: 9.81, gravity: 1).unreliable == .motion(share: 1))
        #expect(estimate(scale: 1, gravity: 0).unreliable?.code != "motion")
    }

    @Test func noFingerOnTheLensHasNoRhythm() throws {
        let estimate = VitalsAlgorithmV2().estimate(try VitalsFixture.measured("ppg-camera-nofinger"))
        guard case .noRhythm(let quality)? = estimate.unreliable else {
            Issue.record("flagged \(String(describing: estimate.unreliable))")
            return
        }
        #expect(quality < 0.3)
        #expect(estimate.quality == quality)
    }
}
