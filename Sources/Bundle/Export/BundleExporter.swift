import Foundation
public import LedgerCore
public import LedgerStore
import Projections
import Zip

/// Writes a bundle's zip into a sink (the age encryption), entry by entry, so memory does
/// not grow with the number of events: faces, `events.jsonl`, the daily CSVs, the FHIR
/// bundle, `report.pdf`, then the manifest of them all and its signature.
public final class BundleExporter {
    private let ledger: Ledger
    private let selection: BundleSelection
    private let progress: (_ stage: String, _ done: Int) -> Void
    private let createdAt: Timestamp
    private let utcOffset: Int32

    public init(
        ledger: Ledger, selection: BundleSelection, createdAt: Timestamp = .now(), utcOffset: Int32,
        progress: @escaping (_ stage: String, _ done: Int) -> Void = { _, _ in }
    ) {
        self.ledger = ledger
        self.selection = selection
        self.createdAt = createdAt
        self.utcOffset = utcOffset
        self.progress = progress
    }

    /// Writes the whole zip; returns the signed manifest.
    public func write(to sink: any ByteSink) throws -> BundleManifest {
        let today = LocalDay(createdAt, utcOffset: utcOffset)
        let (year, month, day) = CivilDate.fromDays(today.number)
        let secondOfDay = Int((createdAt.micros / 1_000_000 + Int64(utcOffset)) % 86_400 + 86_400) % 86_400
        let zip = HashedZipWriter(
            sink: sink, modified: (Int(year), Int(month), Int(day), secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60))
        var counts: [String: Int] = [:]
        if selection.includeFaces { counts["faces"] = try writeFaces(zip) }
        // A bounded range of days: the FHIR file is written from the same read as the events,
        // on the other core, and kept compressed in memory until its turn in the zip.
        let fhirAlongside = indexedDays == nil ? nil : ConcurrentFHIREntry(writer: try fhirWriter(), timestamp: fhirTimestamp)
        let facts = try writeEvents(zip, handingSamplesTo: fhirAlongside)
        counts["events"] = facts.eventsByKind.values.reduce(0, +)
        for (kind, count) in facts.eventsByKind { counts["events." + kind.rawValue] = count }
        if let fhirAlongside {
            let (entry, fhirCounts) = try fhirAlongside.finish()
            try zip.add(BundleLayout.fhir, entry)
            counts.merge(fhirCounts) { _, written in written }
        } else {
            counts.merge(try writeFHIR(zip)) { _, written in written }
        }
        if selection.includesViews, let first = selection.from ?? facts.firstDay, let last = selection.to ?? facts.lastDay, first <= last {
            let series = try writeDaily(zip, days: first...last, ratingScale: facts.ratingScale)
            counts["days"] = series.days
            // The days with data, not those events merely start on (a night begun the evening
            // before counts on the day it ends), unless the selection names its days.
            let period = (selection.from ?? series.series.firstDay ?? first)...(selection.to ?? series.series.lastDay ?? last)
            let report = HealthReport(
                period: period, madeOn: today.description, origin: ledger.header.origin, series: series.series, facts: facts)
            try zip.add(BundleLayout.report, report.pdf())
        }
        let manifest = BundleManifest(
            createdAt: createdAt.iso8601(utcOffset: utcOffset), vaultID: ledger.header.vaultID, origin: ledger.header.origin,
            publicKey: Data(ledger.header.publicKeyBytes).base64EncodedString(), checkpoint: try ledger.checkpointNote(),
            from: selection.from?.description, to: selection.to?.description,
            firstEventDay: facts.firstDay?.description, lastEventDay: facts.lastDay?.description,
            kinds: selection.kinds.map { $0.map(\.rawValue).sorted() } ?? [], includesFaces: selection.includeFaces,
            counts: counts, files: zip.files, padding: BundleLayout.padding)
        let manifestBytes = Array((JSONWriter.string(manifest.document) + "\n").utf8)
        try zip.addUnlisted(BundleLayout.manifest, manifestBytes)
        try zip.addUnlisted(BundleLayout.signature, Array((Data(ledger.sign(manifestBytes)).base64EncodedString() + "\n").utf8))
        try zip.finish(padding: BundleLayout.padding)
        return manifest
    }

    /// Each selected capture's image, named by its blob, ahead of the events so an import
    /// reading front to back has the image before the event that names it.
    private func writeFaces(_ zip: HashedZipWriter) throws -> Int {
        var written = 0
        var seen: Set<String> = []
        try forEachCandidate { stored in
            guard stored.event.kind == .faceCaptured, try selection.includes(stored.event, ledger: ledger),
                  let blob = try stored.event.decode(FaceCaptured.self).imageBlob, seen.insert(blob).inserted
            else { return true }
            guard let image = try? ledger.blob(named: blob) else { return true }
            try zip.add(BundleLayout.face(blob: blob), image)
            written += 1
            return true
        }
        return written
    }

    private func writeEvents(_ zip: HashedZipWriter, handingSamplesTo fhir: ConcurrentFHIREntry?) throws -> ReportFacts {
        var facts = ReportFacts()
        var reportEvents = ReportEvents()
        var written = 0
        try zip.begin(BundleLayout.events)
        var chunk: [UInt8] = []
        try forEachCandidate { stored in
            let selected = try selection.includes(stored.event, ledger: ledger)
            reportEvents.note(stored, selected: selected)
            guard selected else { return true }
            EventJSON.writeLine(stored.event, into: &chunk)
            if let fhir, Self.hasFHIREntries(stored.event.kind), let input = try fhirInput(stored.event) { fhir.add(input) }
            facts.count(stored.event)
            written += 1
            if chunk.count >= 1 << 16 {
                try zip.write(chunk)
                chunk.removeAll(keepingCapacity: true)
                progress("events", written)
            }
            return true
        }
        try zip.write(chunk)
        try zip.end()
        // Read through the day index, the amendments made outside the range are found
        // through the amendment index instead of being seen on the way.
        for event in try indexedDays == nil ? reportEvents.current : reportEvents.current(through: ledger) { facts.fold(event) }
        return facts
    }

    /// Writes the FHIR bundle in a pass of its own; returns its counts for the manifest,
    /// taken from what it wrote.
    private func writeFHIR(_ zip: HashedZipWriter) throws -> [String: Int] {
        var fhir = try fhirWriter()
        try zip.begin(BundleLayout.fhir)
        try zip.write(fhir.opening(timestamp: fhirTimestamp))
        var chunk: [UInt8] = []
        try forEachCandidate { stored in
            guard Self.hasFHIREntries(stored.event.kind), try selection.includes(stored.event, ledger: ledger),
                  let input = try fhirInput(stored.event)
            else { return true }
            fhir.writeEntries(input, into: &chunk)
            if chunk.count >= 1 << 16 {
                try zip.write(chunk)
                chunk.removeAll(keepingCapacity: true)
                progress("observations", fhir.observations)
            }
            return true
        }
        fhir.writeClosing(into: &chunk)
        try zip.write(chunk)
        try zip.end()
        return fhir.counts
    }

    private func fhirWriter() throws -> FHIRBundleWriter { FHIRBundleWriter(mapping: try FHIRMapping.load(), vaultID: ledger.header.vaultID) }

    private var fhirTimestamp: String { createdAt.iso8601(utcOffset: utcOffset) }

    /// What the FHIR file is written from: a heartbeat series as it reads now, since an
    /// import corrects the series an earlier version stored without rates
    /// (`StoredSeriesUpgrade`); nil when it was retracted. Other kinds as stored.
    private func fhirInput(_ event: Event) throws -> Event? {
        guard event.kind == .heartbeatSeriesRecorded, let current = try ledger.currentEvent(id: event.id) else { return event }
        return current.isRetracted ? nil : current.event
    }

    /// The kinds the FHIR file writes entries for.
    private static func hasFHIREntries(_ kind: EventKind) -> Bool { kind == .sampleRecorded || kind == .correlationRecorded || kind == .heartbeatSeriesRecorded }

    /// The days of the selection when the day index reads them: both ends given, at most
    /// `Ledger.daysReadThroughIndex` days apart.
    private var indexedDays: ClosedRange<LocalDay>? {
        guard let from = selection.from, let to = selection.to, from <= to,
              to.number - from.number < Int64(Ledger.daysReadThroughIndex) else { return nil }
        return from...to
    }

    /// The events a pass looks at, in log order: those of the selection's days and those
    /// taken whatever their day, through the indexes, or else the whole log. Each pass still
    /// asks the selection of each event.
    private func forEachCandidate(_ body: (StoredEvent) throws -> Bool) throws {
        if let days = indexedDays {
            try ledger.forEach(onDays: days, orKinds: BundleSelection.kindsTakenWhateverTheDay) { stored, _ in try body(stored) }
        } else {
            try ledger.forEach(body)
        }
    }

    private func writeDaily(_ zip: HashedZipWriter, days: ClosedRange<LocalDay>, ratingScale: RatingScale) throws -> (series: ReportSeries, days: Int) {
        var series = ReportSeries(ratingScale: ratingScale)
        var written = 0
        let (first, last) = (days.lowerBound.number, days.upperBound.number)
        // The view keeps every day it has read: a fresh one each month keeps memory to a
        // month of days however long the period (the store lets go of the pages it read).
        for month in stride(from: first, through: last, by: 31) {
            let state = try ProjectionEngine.current(DailyMetricsView.self, ledger: ledger)
            state.ratingScale = ratingScale
            for number in month...min(month + 30, last) {
                let metrics = try state.metrics(for: LocalDay(number: number))
                guard metrics.values.contains(where: { $0 != nil }) else { continue }
                try zip.add(BundleLayout.daily(metrics.day), Array(DailyCSV.file(metrics, ratingScale: ratingScale).utf8))
                series.add(metrics)
                written += 1
                progress("days", written)
            }
        }
        return (series, written)
    }
}
