import PropertyBased
import Testing
@testable import LedgerCore

/// `EnvelopeCodec.header` lets a whole-log audit check a record without making its strings
/// and payload; it must accept and refuse exactly what `decode` does, or the audit would
/// pass a record no reader can open.
@Suite("Event headers")
struct EventHeaderTests {
    /// Bytes at UTF-8's edges: leads of each length, continuation bounds, never-valid bytes.
    static let edgeBytes: [UInt8] = [
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF,
        0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFE, 0xFF,
    ]

    /// Half the bytes drawn from the edges, half anything.
    static let stringBytes = Gen.uint8().array(of: 0...9).map { drawn in
        drawn.map { $0 & 1 == 0 ? edgeBytes[Int($0 >> 1) % edgeBytes.count] : $0 }
    }

    @Test("a string is stepped over exactly when it reads back, with the same error when it does not")
    func skippingAStringChecksItAsReadingDoes() async {
        await propertyCheck(count: 3_000, input: Self.stringBytes) { bytes in
            var writer = BinaryWriter()
            writer.lengthPrefixed(bytes)
            var reading = BinaryReader(writer.bytes), skipping = BinaryReader(writer.bytes)
            let read = Result { () throws(DecodingError) in try reading.string() }
            let skipped = Result { () throws(DecodingError) in try skipping.skipString() }
            switch (read, skipped) {
            case (.success, .success): #expect(reading.offset == skipping.offset)
            case (.failure(let readError), .failure(let skipError)): #expect(readError == skipError)
            default: Issue.record("reading \(read) but skipping \(skipped) for \(bytes)")
            }
        }
    }

    @Test("every kind's sample gives the header it was written with")
    func headersOfWellFormedEvents() async throws {
        await propertyCheck(count: 200, input: Gen.int(in: 0..<PayloadSamples.all.count), Self.envelopes) { index, envelope in
            let event = envelope.event(PayloadSamples.all[index])
            let header = try EnvelopeCodec.header(EnvelopeCodec.encode(event))
            #expect(header == EventHeader(id: event.id, kind: event.kind, schema: event.schema, start: event.start, end: event.end, utcOffset: event.utcOffset))
        }
    }

    @Test("a changed or cut record is refused by the header exactly when decoding refuses it, with the same error")
    func damagedRecordsAreRefusedAsDecodingRefusesThem() async throws {
        let damage = Gen.int(in: 0..<4_096).array(of: 1...3)
        await propertyCheck(count: 1_500, input: Gen.int(in: 0..<PayloadSamples.all.count), Self.envelopes, damage) { index, envelope, cuts in
            var bytes = EnvelopeCodec.encode(envelope.event(PayloadSamples.all[index]))
            for cut in cuts {
                let place = cut % bytes.count
                // One in four damages cuts the record there; the others change one byte.
                if cut % 4 == 0 { bytes.removeLast(bytes.count - place) } else { bytes[place] = UInt8(truncatingIfNeeded: cut >> 2) }
                if bytes.isEmpty { break }
            }
            let decoded = Result { () throws(DecodingError) in try EnvelopeCodec.decode(bytes, recordedAt: Timestamp(micros: 0)) }
            let header = Result { () throws(DecodingError) in try EnvelopeCodec.header(bytes) }
            switch (decoded, header) {
            case (.success(let event), .success(let header)):
                #expect(header == EventHeader(id: event.id, kind: event.kind, schema: event.schema, start: event.start, end: event.end, utcOffset: event.utcOffset))
            case (.failure(let decodeError), .failure(let headerError)): #expect(decodeError == headerError)
            default: Issue.record("decoding gave \(decoded) but the header \(header)")
            }
        }
    }

    /// What an envelope can carry besides its payload.
    struct Envelope: Sendable {
        let start: Int64, length: Int64?, utcOffset: Int32, zone: Bool, device: Bool, causation: Bool

        func event(_ payload: some EventPayload) -> Event {
            var source = Source(name: "Anna’s Watch")
            if device { source.device = "Watch6,1 😀" }
            return Event(
                payload, start: Timestamp(micros: start), end: length.map { Timestamp(micros: start + $0) }, utcOffset: utcOffset,
                zone: zone ? "Europe/Zürich" : nil, source: source, causation: causation ? EventID.random() : nil)
        }
    }

    static let envelopes = Gen.int64(in: 0...4_000_000_000_000_000).map { seed in
        Envelope(
            start: seed % 200_000_000_000_000_000, length: seed % 3 == 0 ? nil : seed % 200_000_000_000, utcOffset: Int32(seed % 100_000) - 50_000,
            zone: seed % 5 < 2, device: seed % 7 < 3, causation: seed % 11 < 4)
    }
}
