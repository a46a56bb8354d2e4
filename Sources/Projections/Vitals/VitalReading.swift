import Foundation
public import LedgerCore
import Numerical

/// What the vitals view derived from one `vital.measured` event.
public struct VitalReading: Hashable, Sendable {
    public let id: EventID
    public let start: Timestamp
    public let utcOffset: Int32
    public let signal: VitalSignal
    public let session: String?
    /// The algorithm version that derived `estimate`.
    public let algorithm: Int
    public let estimate: VitalEstimate
    /// Length of the recording.
    public let seconds: Double

    /// The reading of `measured` (stored as `id` at `start`) by `algorithm`.
    init(id: EventID, start: Timestamp, utcOffset: Int32, measured: VitalMeasured, algorithm: any VitalsAlgorithm) {
        self.init(
            id: id, start: start, utcOffset: utcOffset, signal: measured.signal, session: measured.session, algorithm: algorithm.version,
            estimate: algorithm.estimate(measured), seconds: UniformSignal(values: measured.firstAxis, timing: measured.timing).duration)
    }

    init(id: EventID, start: Timestamp, utcOffset: Int32, signal: VitalSignal, session: String?, algorithm: Int, estimate: VitalEstimate, seconds: Double) {
        (self.id, self.start, self.utcOffset, self.signal, self.session) = (id, start, utcOffset, signal, session)
        (self.algorithm, self.estimate, self.seconds) = (algorithm, estimate, seconds)
    }

    /// This reading as `algorithm` derives it from `measured`, its raw signal.
    public func derived(by algorithm: any VitalsAlgorithm, from measured: VitalMeasured) -> VitalReading {
        VitalReading(id: id, start: start, utcOffset: utcOffset, measured: measured, algorithm: algorithm)
    }

    /// Heart rate for PPG, breathing rate for motion.
    public var measure: String { signal == .ppg ? "heart rate" : "breathing rate" }

    /// `bpm` or `breaths/min`.
    public var unit: String { signal == .ppg ? "bpm" : "breaths/min" }

    /// Partition key: readings sort by time.
    var key: [UInt8] { VitalsView.readingKey(start: start, id: id) }

    /// `72 bpm (quality 0.91)` or `unreliable: …`.
    public var summary: String {
        guard let rate = estimate.rate else { return "unreliable: \(estimate.unreliable?.explanation ?? "no estimate")" }
        return "\(Int(rate.rounded())) \(unit)" + (estimate.quality.map { " (quality \(String(format: "%.2f", $0)))" } ?? "")
    }

    public var document: Document {
        var document: Document = [
            "id": .string(id.description), "start": .string(start.iso8601(utcOffset: utcOffset)), "measure": .string(measure),
            "unit": .string(unit), "algorithm": .int(Int64(algorithm)), "seconds": .double((seconds * 10).rounded() / 10),
            "reliable": .bool(estimate.rate != nil),
        ]
        document.set("rate", estimate.rate.map { .double(($0 * 10).rounded() / 10) })
        document.set("quality", estimate.quality.map { .double(($0 * 100).rounded() / 100) })
        document.set("reason", estimate.unreliable.map { .string($0.code) })
        document.set("explanation", estimate.unreliable.map { .string($0.explanation) })
        document.set("session", session.map(DocValue.string))
        return document
    }
}
