import Glibc
import LedgerCore

/// Fuzz target: the bytes of an opened record, as the log stores them after unsealing and
/// decompressing. Whatever the bytes, decoding either throws or gives an event whose
/// encoding decodes again to the same bytes; it never traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecordDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? DocumentCodec.decodeDocument(bytes)
    guard let event = try? EnvelopeCodec.decode(bytes, recordedAt: Timestamp(micros: 0)) else { return 0 }
    _ = try? EventValidator.validate(event)
    _ = EventJSON.line(event)
    let encoded = EnvelopeCodec.encode(event)
    guard let again = try? EnvelopeCodec.decode(encoded, recordedAt: Timestamp(micros: 0)) else {
        fatalError("an event decoded from fuzz input does not decode after re-encoding")
    }
    if EnvelopeCodec.encode(again) != encoded { fatalError("re-encoding a decoded event is not stable") }
    return 0
}

/// With FUZZ_SEED_DIR set, writes encoded events (one per kind of line in `seedLines`) there
/// as the starting corpus, then exits.
@_cdecl("LLVMFuzzerInitialize")
public func writeRecordSeeds(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    guard let directory = getenv("FUZZ_SEED_DIR").map({ String(cString: $0) }) else { return 0 }
    for (index, line) in seedLines.enumerated() {
        guard let document = try? JSONParser.parseObject(line), let event = try? EventJSON.event(from: document, zone: .fixed(0)) else {
            fatalError("seed line \(index) is not an event: \(line)")
        }
        let bytes = EnvelopeCodec.encode(event)
        guard let file = fopen("\(directory)/seed-\(index)", "wb") else { fatalError("cannot write into \(directory)") }
        fwrite(bytes, 1, bytes.count, file)
        fclose(file)
    }
    exit(0)
}

private let seedLines = [
    #"{"id":"00112233445566778899aabbccddeeff","kind":"mood.rated","start":"2026-04-01T08:00:00+02:00","zone":"Europe/Berlin","payload":{"rating":7,"note":"slept well","tags":["calm"]}}"#,
    #"{"kind":"sample.recorded","start":"2024-03-01T07:00:00Z","end":"2024-03-01T07:01:00Z","source":{"name":"Apple Watch","device":"Watch6,1","version":"10.3"},"payload":{"type":"HKQuantityTypeIdentifierHeartRate","value":62,"unit":"count/min","metadata":{"HKMetadataKeyHeartRateMotionContext":"1"}}}"#,
    #"{"kind":"food.logged","start":"2025-01-02T12:30:00-05:00","payload":{"name":"Oatmeal","meal":"breakfast","kcal":350.5,"protein":12,"carbs":60,"fat":6}}"#,
    #"{"kind":"dose.taken","start":"2025-01-02T09:00:00Z","causation":"ffeeddccbbaa99887766554433221100","payload":{"medication":"Ibuprofen","dosage":{"amount":200,"unit":"mg"}}}"#,
    #"{"kind":"subject.erased","start":"2025-06-01T00:00:00Z","payload":{"target":"00112233445566778899aabbccddeeff","blob":"0123456789abcdef0123456789abcdef"}}"#,
]
