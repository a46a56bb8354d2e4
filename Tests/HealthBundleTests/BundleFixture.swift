import Foundation
import HealthBundle
import LedgerCore
import LedgerCrypto
import LedgerStore
import TestSupport
import Zip

/// A vault in a temporary folder holding a fortnight of steps, resting heart rate, sleep,
/// weight, moods, doses and symptoms — every figure the report shows has a known value.
final class BundleFixture {
    let vault: ScratchVault
    let ledger: Ledger
    /// 2026-03-01 … 2026-03-14, local time UTC+1.
    static let firstDay = "2026-03-01", lastDay = "2026-03-14"
    static let offset: Int32 = 3600
    static let days = 14

    init(empty: Bool = false) throws {
        vault = try ScratchVault()
        ledger = try vault.ledger
        if !empty { try ledger.append(Self.events()) }
    }

    /// 09:00 local on day `index` (0 = 2026-03-01) plus `minutes`.
    static func time(_ index: Int, minutes: Int = 0) -> Timestamp {
        Timestamp(micros: (1_772_323_200 + Int64(index) * 86_400 + 8 * 3600 + Int64(minutes) * 60) * 1_000_000)
    }

    static func sample(_ type: String, _ value: Double, _ unit: String, day: Int, minutes: Int = 0, hours: Double = 0) -> Event {
        Event(
            kind: .sampleRecorded, schema: 1, start: time(day, minutes: minutes), end: time(day, minutes: minutes).adding(seconds: hours * 3600),
            utcOffset: offset, source: Source(name: "Apple Watch", device: "Watch7,1", version: "11.0"),
            payload: ["type": .string("HKQuantityTypeIdentifier" + type), "value": .double(value), "unit": .string(unit)])
    }

    /// Steps 8,000 + 100 × day (mean 8,650); resting heart rate 60 − day % 3 (mean 59);
    /// weight 80.0 kg falling 0.1 kg a day; mood 7/10 daily; Metformin twice daily taken
    /// once a day; a headache on days 2 and 9 (severity 2, then 3).
    static func events() -> [Event] {
        var events: [Event] = [Event(MedicationDefined(name: "Metformin", frequency: "twice daily"), start: time(0, minutes: -60), utcOffset: offset)]
        for day in 0..<days {
            events.append(sample("StepCount", Double(8_000 + 100 * day), "count", day: day, minutes: 60, hours: 1))
            events.append(sample("RestingHeartRate", Double(60 - day % 3), "count/min", day: day))
            events.append(sample("BodyMass", 80.0 - 0.1 * Double(day), "kg", day: day, minutes: 5))
            events.append(Event(MoodRated(rating: 7), start: time(day, minutes: 30), utcOffset: offset))
            events.append(Event(DoseTaken(medication: "Metformin"), start: time(day, minutes: 10), utcOffset: offset))
        }
        for (day, severity) in [(2, SymptomSeverity.moderate), (9, .severe)] {
            events.append(Event(SymptomReported(name: "headache", severity: severity), start: time(day, minutes: 120), utcOffset: offset))
        }
        return events
    }

    func export(_ selection: BundleSelection = BundleSelection()) throws -> (bytes: [UInt8], manifest: BundleManifest) {
        let sink = MemoryStream()
        let manifest = try BundleExporter(ledger: ledger, selection: selection, createdAt: Self.time(14), utcOffset: Self.offset).write(to: sink)
        return (sink.bytes, manifest)
    }
}

/// Bytes in memory, written then read front to back.
final class MemoryStream: ByteSink, ByteSource {
    private(set) var bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8] = []) { self.bytes = bytes }

    func write(_ chunk: UnsafeRawBufferPointer) throws { bytes.append(contentsOf: chunk) }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, bytes.count - offset)
        bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count])) }
        offset += count
        return count
    }
}
