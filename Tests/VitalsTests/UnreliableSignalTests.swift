import Foundation
import LedgerCore
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
