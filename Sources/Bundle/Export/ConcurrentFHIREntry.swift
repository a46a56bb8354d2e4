import Dispatch
import LedgerCore
import LedgerStore

/// Writes `fhir/bundle.json` on the second core while the exporter writes `events.jsonl` on
/// the first: the exporter hands over each selected event as it reads it, so the events are
/// read and opened once for both files. The entry is kept compressed in memory until the
/// events' entry is done, so the exporter uses it only for a bounded range of days.
final class ConcurrentFHIREntry {
    /// What the queue writes; `finish` waits for the queue before reading it.
    private struct Writing {
        var writer: FHIRBundleWriter
        let entry = PreparedHashedEntry()
        var chunk: [UInt8]
        var failure: (any Error)?
    }

    private let writing: LockedBox<Writing>
    /// The calling thread's alone.
    private var batch: [Event] = []
    private let queue = DispatchQueue(label: "healthledger.bundle.fhir")
    /// Batches handed over and not yet written: the reader waits rather than holding more
    /// decoded events than this in memory when the writer falls behind.
    private let batchesInFlight = DispatchSemaphore(value: 4)
    private static let batchSize = 1_024

    init(writer: FHIRBundleWriter, timestamp: String) {
        writing = LockedBox(Writing(writer: writer, chunk: Array(writer.opening(timestamp: timestamp).utf8)))
    }

    /// Takes an event of the selection; those the FHIR file has no entry for are passed over there.
    func add(_ event: Event) {
        batch.append(event)
        if batch.count == Self.batchSize { handOver() }
    }

    /// Waits for the writer; returns the finished entry and the counts for the manifest.
    func finish() throws -> (entry: PreparedHashedEntry, counts: [String: Int]) {
        handOver()
        return try queue.sync {
            try writing.withLock { writing in
                if let failure = writing.failure { throw failure }
                writing.writer.writeClosing(into: &writing.chunk)
                try writing.entry.write(writing.chunk)
                try writing.entry.finish()
                return (writing.entry, writing.writer.counts)
            }
        }
    }

    private func handOver() {
        guard !batch.isEmpty else { return }
        let events = batch
        batch.removeAll(keepingCapacity: true)
        batchesInFlight.wait()
        queue.async { [writing, batchesInFlight] in
            defer { batchesInFlight.signal() }
            writing.withLock { writing in
                guard writing.failure == nil else { return }
                for event in events { writing.writer.writeEntries(event, into: &writing.chunk) }
                guard writing.chunk.count >= 1 << 16 else { return }
                do {
                    try writing.entry.write(writing.chunk)
                    writing.chunk.removeAll(keepingCapacity: true)
                } catch {
                    writing.failure = error
                }
            }
        }
    }
}
