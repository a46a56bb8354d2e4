import Dispatch
import LedgerCore

/// Writes `fhir/bundle.json` on the second core while the exporter writes `events.jsonl` on
/// the first: the exporter hands over each selected event as it reads it, so the events are
/// read and opened once for both files. The entry is kept compressed in memory until the
/// events' entry is done, so the exporter uses it only for a bounded range of days.
///
/// `@unchecked Sendable`: everything but `batch` is touched only on `queue` once made, and
/// `finish` waits for the queue before reading it; `batch` belongs to the calling thread.
final class ConcurrentFHIREntry: @unchecked Sendable {
    private var writer: FHIRBundleWriter
    private let entry = PreparedHashedEntry()
    private var chunk: [UInt8]
    private var failure: (any Error)?
    private var batch: [Event] = []
    private let queue = DispatchQueue(label: "healthledger.bundle.fhir")
    /// Batches handed over and not yet written: the reader waits rather than holding more
    /// decoded events than this in memory when the writer falls behind.
    private let batchesInFlight = DispatchSemaphore(value: 4)
    private static let batchSize = 1_024

    init(writer: FHIRBundleWriter, timestamp: String) {
        self.writer = writer
        chunk = Array(writer.opening(timestamp: timestamp).utf8)
    }

    /// Takes an event of the selection; those the FHIR file has no entry for are passed over there.
    func add(_ event: Event) {
        batch.append(event)
        if batch.count == Self.batchSize { handOver() }
    }

    /// Waits for the writer; returns the finished entry and the counts for the manifest.
    func finish() throws -> (entry: PreparedHashedEntry, counts: [String: Int]) {
        handOver()
        try queue.sync {
            if let failure { throw failure }
            writer.writeClosing(into: &chunk)
            try entry.write(chunk)
            try entry.finish()
        }
        return (entry, writer.counts)
    }

    private func handOver() {
        guard !batch.isEmpty else { return }
        let events = batch
        batch.removeAll(keepingCapacity: true)
        batchesInFlight.wait()
        queue.async { [self] in
            defer { batchesInFlight.signal() }
            guard failure == nil else { return }
            for event in events { writer.writeEntries(event, into: &chunk) }
            guard chunk.count >= 1 << 16 else { return }
            do {
                try entry.write(chunk)
                chunk.removeAll(keepingCapacity: true)
            } catch {
                failure = error
            }
        }
    }
}
