import LedgerCore
import LedgerCrypto

/// A heartbeat series (the beats behind an HRV record) in FHIR R4: one heart-rate
/// Observation per beat (LOINC 8867-4, `/min`) at the beat's own instant, written at the
/// series' offset, and the record's HRV Observation `derivedFrom` them — R4's relation for
/// a value calculated from other Observations, as SDNN is from the beats. A component would
/// not do: it has no time of its own, and a beat's time is what the series records.
///
/// A series whose record is not right before it (left out of the bundle by `--kinds`, or
/// typed without one) still gets its beats' Observations. Beats without a rate (series
/// stored before rates were kept) have no value to write; the manifest counts them.
extension FHIRBundleWriter {
    static let heartRate = "HKQuantityTypeIdentifierHeartRate"

    mutating func writeBeats(of series: Event, derivingFrom variability: (observation: Document, event: Event)?, into out: inout [UInt8]) {
        var beats: [(fullUrl: String, observation: Document)] = []
        if let payload = try? series.decode(HeartbeatSeriesRecorded.self), let coded = mapping.quantities[Self.heartRate] {
            let template = base(series, codings: coded.codings)
            for (index, beat) in payload.beats.enumerated() {
                guard let bpm = beat.bpm, let value = quantity(Self.heartRate, bpm, "count/min", coded) else {
                    heartbeatsWithoutRate += 1
                    continue
                }
                var observation = template
                observation["id"] = .string(series.id.description + "-" + String(index))
                observation["effectivePeriod"] = nil
                let instant = Timestamp(micros: series.start.micros + Int64((beat.offset * 1e6).rounded()))
                observation["effectiveDateTime"] = .string(instant.iso8601(utcOffset: series.utcOffset))
                observation["valueQuantity"] = value
                beats.append((Self.beatURL(series.id, index), observation))
            }
        }
        if var variability {
            if !beats.isEmpty { variability.observation["derivedFrom"] = .array(beats.map { .map(["reference": .string($0.fullUrl)]) }) }
            write(variability.observation, variability.event, into: &out)
        }
        for beat in beats { write(beat.observation, fullUrl: beat.fullUrl, into: &out) }
        heartbeats += beats.count
    }

    /// The `urn:uuid` of a beat's entry: the same for a beat in every export of the vault,
    /// and apart from every event's, which are the event ids themselves.
    static func beatURL(_ series: EventID, _ index: Int) -> String {
        let digest = Hashing.blake2b(Array("fhir heartbeat".utf8), series.bytes, Array(String(index).utf8), outputLength: EventID.byteCount)
        return "urn:uuid:" + uuid(Hex.encode(digest))
    }
}
