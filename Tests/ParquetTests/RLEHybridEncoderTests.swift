import PropertyBased
import Testing
@testable import Parquet

struct RLEHybridEncoderTests {
    /// Runs of random lengths and values at every width decode back unchanged, whatever
    /// mix of run-length and bit-packed runs the encoder picks.
    @Test func anySequenceDecodesToItself() async {
        let runs = Gen.int(in: 0...4095).array(of: 0...40)
        let lengths = Gen.int(in: 1...20).array(of: 40)
        await propertyCheck(input: Gen.int(in: 1...12), runs, lengths) { width, runValues, runLengths in
            let maximum = (1 << width) - 1
            var values: [UInt32] = []
            for (value, length) in zip(runValues, runLengths) {
                values += Array(repeating: UInt32(value & maximum), count: length)
            }
            let encoded = RLEHybridEncoder.encode(values, bitWidth: width)
            #expect(RLEHybridDecoder.decode(encoded, bitWidth: width, count: values.count) == values)
        }
    }

    @Test func longRunsAreOneRunLengthRun() {
        let encoded = RLEHybridEncoder.encode(Array(repeating: 1, count: 1000), bitWidth: 1)
        // Header 1000 << 1 as a varint (two bytes) and the value in one byte.
        #expect(encoded == [0xD0, 0x0F, 0x01])
    }

    @Test func bitWidthCoversTheLargestValue() {
        #expect(RLEHybridEncoder.bitWidth(forMaximum: 0) == 1)
        #expect(RLEHybridEncoder.bitWidth(forMaximum: 1) == 1)
        #expect(RLEHybridEncoder.bitWidth(forMaximum: 2) == 2)
        #expect(RLEHybridEncoder.bitWidth(forMaximum: 255) == 8)
        #expect(RLEHybridEncoder.bitWidth(forMaximum: 256) == 9)
    }
}
