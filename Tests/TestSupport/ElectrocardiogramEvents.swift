import Foundation
public import LedgerCore

/// ECGs whose voltages do not compress, as a watch's do not: records well past the size from
/// which the text index keeps a filter of each one's own. The same events in this process
/// (`events`) or as lines for `append --jsonl` (`lines`), with ids `ec…` and the index.
public enum ElectrocardiogramEvents {
    public static let symptoms = ["Chest tightness or pain", "Skipped heartbeat", "Dizziness", "Shortness of breath", "Rapid, pounding heartbeat"]
    public static let voltageCount = 3_000

    /// The ECG numbered `index`: its own voltages, one classification of three, and a
    /// symptom of `symptoms` on every third.
    public static func payload(_ index: Int) -> ElectrocardiogramRecorded {
        var state = UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15 | 1
        let voltages = (0..<voltageCount).map { _ in
            // xorshift: numbers as varied as a recording's noise.
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Double(Int64(state % 4_000_000) - 2_000_000) / 1_000
        }
        return ElectrocardiogramRecorded(
            classification: ["Sinus Rhythm", "Atrial Fibrillation", "Inconclusive"][index % 3], averageHeartRate: Double(60 + index % 40),
            samplingFrequency: 512, voltages: voltages, lead: "Lead I", symptoms: index % 3 == 0 ? symptoms[(index / 3) % symptoms.count] : nil)
    }

    public static func id(_ index: Int) -> EventID {
        // Cannot fail: 32 hex digits
        EventID(hex: "ec" + String(format: "%030x", index))!
    }

    public static func events(_ range: Range<Int>, startingAt micros: Int64 = 1_775_001_600_000_000) -> [Event] {
        range.map { Event(payload($0), id: id($0), start: Timestamp(micros: micros + Int64($0) * 60_000_000), utcOffset: 3_600) }
    }

    /// JSONL of ECGs like these, a minute apart from 1 April 2026 on (an ECG's start is its
    /// record: two at the same time are one).
    public static func lines(_ range: Range<Int>) -> String {
        range.map { index in
            let ecg = payload(index)
            let symptoms = ecg.symptoms.map { #","symptoms":""# + $0 + #"""# } ?? ""
            return #"{"id":""# + id(index).description + #"","kind":"ecg.recorded","start":""#
                + String(format: "2026-04-%02dT%02d:%02d:00+02:00", 1 + index / 1_440, index / 60 % 24, index % 60) + #"","payload":{"classification":""# + ecg.classification
                + #"","averageHeartRate":"# + "\(Int(ecg.averageHeartRate ?? 0))" + #","samplingFrequency":512,"lead":"Lead I""# + symptoms
                + #","voltages":["# + ecg.voltages.map { "\($0)" }.joined(separator: ",") + "]}}"
        }.joined(separator: "\n") + "\n"
    }
}
