import LedgerCore
import Testing
@testable import LedgerStore

@Suite struct DictionarySamplesTests {
    @Test func gatheringStopsAtTheByteLimitWithEverySampleWholeAndInOrder() {
        var samples = DictionarySamples()
        var added = 0
        while !samples.isFull {
            let sample = [UInt8](repeating: UInt8(added % 251), count: 1_000)
            sample.withUnsafeBytes { samples.add($0) }
            added += 1
        }
        #expect(added == (DictionarySamples.mostBytes + 999) / 1_000)
        #expect(samples.sizes == Array(repeating: 1_000, count: added))
        #expect(samples.joined.count == added * 1_000)
        #expect(samples.joined[1_000] == 1 && samples.joined[(added - 1) * 1_000] == UInt8((added - 1) % 251))
    }

    @Test func gatheringStopsAtTheCountLimitForSmallSamples() {
        var samples = DictionarySamples()
        while !samples.isFull { [UInt8](repeating: 1, count: 10).withUnsafeBytes { samples.add($0) } }
        #expect(samples.count == DictionarySamples.mostCount)
        #expect(samples.joined.count == DictionarySamples.mostCount * 10)
    }

    /// The training that keeps a retraining's memory small must still learn: events like
    /// the ones it saw compress to well under half their size with the dictionary.
    @Test func aDictionaryTrainedFromTheSamplesHalvesEventsItHasNotSeen() throws {
        let encoded = heartRateEvents(count: 12_000).map(EnvelopeCodec.encode)
        let dictionary = try #require(ZstdDictionary.train(samples: Array(encoded.prefix(10_000))))
        let compressor = Compressor()
        compressor.addDictionary(1, bytes: dictionary)
        var compressed: [UInt8] = []
        for event in encoded.suffix(2_000) { #expect(compressor.compress(event, dictionary: 1, into: &compressed)) }
        let plain = encoded.suffix(2_000).reduce(0) { $0 + $1.count }
        #expect(compressed.count * 2 < plain, "\(compressed.count) bytes from \(plain)")
    }
}
