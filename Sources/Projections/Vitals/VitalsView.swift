import Foundation
import LedgerCore

/// Heart and breathing rates derived from raw `vital.measured` signals, and the sessions
/// that group them with symptoms.
public enum VitalsView: ProjectionKind {
    public static let name = "vitals"
    /// v1: the companion app's peak count. v2: band-passed spectral rate cross-checked with
    /// peak spacing, a quality index, and unreliable recordings flagged. v3: beats found on
    /// the pulse's slope (no dicrotic notch), breathing on the axes' principal component
    /// with posture and drift removed, both calibrated on real recordings. A vault folded by
    /// an older version replays to the current one and lists the readings that change.
    public static let version = 3

    static let indexKey: [UInt8] = [0x00]

    /// `0x01`, the start with its sign bit flipped (so keys sort by time), the event id.
    static func readingKey(start: Timestamp, id: EventID) -> [UInt8] {
        [0x01] + withUnsafeBytes(of: (UInt64(bitPattern: start.micros) ^ (1 << 63)).bigEndian) { Array($0) } + id.bytes
    }

    static func sessionKey(_ id: String) -> [UInt8] { [0x02] + Array(id.utf8) }

    public static func makeState(load: @escaping ([UInt8]) throws -> [UInt8]?) throws -> VitalsViewState {
        try VitalsViewState(load: load, algorithm: VitalsAlgorithms.current)
    }

    /// Per measure: "heart rate v1 → v2 changed 3 readings, mean −1.2 bpm; 1 now unreliable".
    public static func describeChanges(from old: VitalsViewState, to new: VitalsViewState, keys: [[UInt8]]) throws -> [String] {
        let readingKeys = keys.filter { $0.first == 0x01 }
        let sessions = keys.filter { $0.first == 0x02 }.count
        var lines: [String] = []
        for signal in VitalSignal.allCases {
            var deltas: [Double] = [], samples: [String] = []
            var nowUnreliable = 0, nowReliable = 0, added = 0, removed = 0
            var measure = "", unit = "", versions = ""
            for key in readingKeys {
                let before = try old.reading(key), after = try new.reading(key)
                guard let any = after ?? before, any.signal == signal else { continue }
                (measure, unit) = (any.measure, any.unit)
                guard let before, let after else {
                    if after == nil { removed += 1 } else { added += 1 }
                    continue
                }
                versions = before.algorithm == after.algorithm ? "v\(after.algorithm)" : "v\(before.algorithm) → v\(after.algorithm)"
                switch (before.estimate.rate, after.estimate.rate) {
                case let (was?, now?) where abs(now - was) >= 0.05:
                    deltas.append(now - was)
                    if samples.count < 3 { samples.append("  \(after.start.iso8601(utcOffset: after.utcOffset)): \(format(was)) → \(format(now)) \(unit)") }
                case (let was?, nil):
                    nowUnreliable += 1
                    if samples.count < 3 { samples.append("  \(after.start.iso8601(utcOffset: after.utcOffset)): \(format(was)) \(unit) → unreliable (\(after.estimate.unreliable?.code ?? "?"))") }
                case (nil, let now?):
                    nowReliable += 1
                    if samples.count < 3 { samples.append("  \(after.start.iso8601(utcOffset: after.utcOffset)): unreliable (\(before.estimate.unreliable?.code ?? "?")) → \(format(now)) \(unit)") }
                default: break
                }
            }
            let changed = deltas.count + nowUnreliable + nowReliable
            guard changed + added + removed > 0 else { continue }
            var line = "\(measure) \(versions) changed \(changed) reading\(changed == 1 ? "" : "s")"
            if !deltas.isEmpty {
                let mean = deltas.reduce(0, +) / Double(deltas.count)
                line += ", mean \(mean >= 0 ? "+" : "−")\(format(abs(mean))) \(unit) over \(deltas.count)"
            }
            if nowUnreliable > 0 { line += "; \(nowUnreliable) now flagged unreliable" }
            if nowReliable > 0 { line += "; \(nowReliable) now reliable" }
            if added + removed > 0 { line += "; \(added) added, \(removed) removed" }
            lines.append(line)
            lines += samples
        }
        if sessions > 0 { lines.append("\(sessions) session\(sessions == 1 ? "" : "s") changed") }
        return lines.isEmpty ? ["\(name) v\(version): no reading changed"] : lines
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
