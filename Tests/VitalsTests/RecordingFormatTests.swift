import HealthImport
import LedgerCore
import Testing

/// The text forms of a recording, and the errors that say how to fix one.
@Suite struct RecordingFormatTests {
    @Test func bareValuesNeedARate() throws {
        let text = "200.1\n199.8\n200.4\n"
        do {
            _ = try VitalRecording.parse(text, source: "finger.csv", signal: .ppg, rate: nil, detail: nil)
            Issue.record("accepted values without times")
        } catch {
            #expect("\(error)".contains("finger.csv"))
            #expect("\(error)".contains("--rate"))
        }
        let measured = try VitalRecording.parse(text, source: "finger.csv", signal: .ppg, rate: 30, detail: nil)
        #expect(measured.samples == .ppg([200.1, 199.8, 200.4]))
        #expect(measured.timing == .rate(30))
    }

    @Test func timesBecomeOffsetsFromTheFirstSample() throws {
        let measured = try VitalRecording.parse("t,x,y,z\n10.0,0,0,-1\n10.5,0.01,0,-1\n", source: "chest.csv", signal: .accelerometer, rate: nil, detail: nil)
        #expect(measured.samples == .accelerometer(x: [0, 0.01], y: [0, 0], z: [-1, -1]))
        #expect(measured.timing == .offsets([0, 0.5]))
    }

    @Test func aBadCellIsNamedByLineAndColumn() {
        do {
            _ = try VitalRecording.parse("t,red\n0,200\n0.033,abc\n", source: "finger.csv", signal: .ppg, rate: nil, detail: nil)
            Issue.record("accepted a non-number")
        } catch {
            #expect("\(error)".contains("finger.csv, line 3, column 'red': 'abc' is not a number"))
        }
    }

    @Test func jsonTakesThePayloadFields() throws {
        let measured = try VitalRecording.parse(#"{"sampleRate": 50, "x": [0.1, 0.2], "y": [0, 0], "z": [-1, -1]}"#, source: "chest.json", signal: .accelerometer, rate: nil, detail: "phone on chest")
        #expect(measured.timing == .rate(50))
        #expect(measured.detail == "phone on chest")
        #expect(throws: ImportError.self) {
            try VitalRecording.parse(#"{"sampleRate": 30, "values": [1, 2]}"#, source: "chest.json", signal: .accelerometer, rate: nil, detail: nil)
        }
    }
}
