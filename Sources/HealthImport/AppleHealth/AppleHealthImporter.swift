import Foundation
public import LedgerCore
public import LedgerStore

/// Imports an Apple Health export in one pass: the zip is inflated, scanned, turned into
/// events and committed as it streams. This thread reads and makes events; the appender
/// prepares them (encodes, compresses, seals) on a thread of its own, where the views fold
/// them too, and commits on another.
///
/// Ids are derived from each record's content, so running it again — after an interruption,
/// or on a newer export — stores only what is not stored yet, in the same order.
public final class AppleHealthImporter {
    /// How far the import is, for a progress line.
    public struct Progress: Sendable {
        public let records: Int
        public let bytesRead: Int
        public let bytesTotal: Int
        public let currentType: String
    }

    private let ledger: Ledger
    private let onPrepared: (@Sendable (_ events: [Event], _ first: UInt64) -> Void)?
    private let onCommit: @Sendable (AppendOutcome) -> Void
    private let onStart: (_ hurry: @escaping @Sendable () -> Void, _ failed: @escaping @Sendable () -> Bool) -> Void
    private let onProgress: (Progress) -> Void
    private let homeZone: String?

    /// `homeZone` (an IANA name) is where samples that name no zone of their own were lived
    /// (`LivedTime`); without it they keep the offset the export was written at.
    /// `onPrepared` and `onCommit` are the appender's: views can fold the events as they are
    /// prepared, rather than read them back afterwards. `onStart` gets the appender's
    /// `commitPromptly` and `hasFailed`, for whatever folds to hurry and watch the commits.
    public init(
        ledger: Ledger, homeZone: String? = nil, onPrepared: (@Sendable (_ events: [Event], _ first: UInt64) -> Void)? = nil,
        onCommit: @escaping @Sendable (AppendOutcome) -> Void = { _ in },
        onStart: @escaping (_ hurry: @escaping @Sendable () -> Void, _ failed: @escaping @Sendable () -> Bool) -> Void = { _, _ in },
        onProgress: @escaping (Progress) -> Void = { _ in }
    ) {
        self.ledger = ledger
        self.homeZone = homeZone
        self.onPrepared = onPrepared
        self.onCommit = onCommit
        self.onStart = onStart
        self.onProgress = onProgress
    }

    public func run(path: String) throws(ImportFailure) -> ImportSummary {
        let archive: ExportArchive
        do { archive = try ExportArchive(path: path) } catch { throw ImportFailure(cause: error, summary: ImportSummary()) }
        let onCommit = onCommit
        let appender = BulkAppender(
            ledger: ledger, preparation: .onOwnThread, onPrepared: onPrepared, onCommit: { _, outcome in onCommit(outcome) })
        // For the views' save to hurry and watch the appender from the preparing thread: both
        // calls only touch state under the appender's own lock.
        let hurried = UnsafeTransfer(appender)
        onStart({ hurried.value.commitPromptly() }, { hurried.value.hasFailed })
        let scanner = XMLTagScanner(file: archive.documentName)
        let identity = ImportIdentity(ledger: ledger)
        let upgrade = StoredSeriesUpgrade(ledger: ledger, identity: identity)
        let builder = ExportEventBuilder(
            scanner: scanner, identity: identity, attachments: archive, homeZone: homeZone,
            deliver: { try appender.add($0 + upgrade.corrections(for: $0), validated: true) })
        do {
            var bytesRead = 0
            try archive.streamDocument { chunk in
                try scanner.feed(chunk) { try builder.handle($0) }
                bytesRead += chunk.count
                onProgress(Progress(records: builder.summary.read, bytesRead: bytesRead, bytesTotal: archive.documentSize, currentType: builder.currentType))
            }
            try scanner.finish()
            try importElectrocardiograms(archive, into: builder)
            // A route is points relative to its workout's start: without one it has nothing to belong to.
            let unnamedRoutes = archive.routeNames().filter { !builder.elementEvents.namedRoutes.contains($0) }
            try builder.flush()
            let outcome = try appender.finish()
            var summary = builder.summary
            summary.appended = outcome.appended
            summary.duplicates = outcome.duplicates
            summary.countHeld(underAnotherID: outcome.heldUnderAnotherID)
            summary.unnamedFiles = unnamedRoutes
            summary.correctedSeries = upgrade.corrected
            return summary
        } catch {
            // What was read before the failure is stored: a re-run skips it and goes on.
            var summary = builder.summary
            try? builder.flush()
            if let outcome = try? appender.finish() {
                summary.appended = outcome.appended
                summary.duplicates = outcome.duplicates
                summary.countHeld(underAnotherID: outcome.heldUnderAnotherID)
            }
            summary.correctedSeries = upgrade.corrected
            throw ImportFailure(cause: error, summary: summary)
        }
    }

    private func importElectrocardiograms(_ archive: ExportArchive, into builder: ExportEventBuilder) throws {
        for name in archive.electrocardiogramNames() {
            let found: [UInt8]?
            do { found = try archive.attachment(name) } catch {
                builder.skip("an ECG file that is not inside the export (\(error))", type: "Electrocardiogram", at: name)
                continue
            }
            guard let bytes = found else {
                builder.skip("an ECG file that cannot be read", type: "Electrocardiogram", at: name)
                continue
            }
            do {
                let recording = try ElectrocardiogramCSV.parse(bytes, file: name)
                var canonical = CanonicalBytes(UInt8(ascii: "G"))
                canonical.append(recording.start)
                canonical.append(recording.payload.samplingFrequency)
                canonical.append(Int64(recording.payload.voltages.count))
                for voltage in recording.payload.voltages.prefix(64) { canonical.append(voltage) }
                let source = Source(name: "ECG", device: recording.device)
                let event = Event(
                    recording.payload, id: ImportIdentity(ledger: ledger).id(canonical.bytes), start: recording.start,
                    end: recording.start.adding(seconds: Double(recording.payload.voltages.count) / recording.payload.samplingFrequency),
                    utcOffset: recording.utcOffset, source: source)
                try builder.add([event], type: "Electrocardiogram", source: source.name, location: name)
            } catch let error as AttachmentError {
                // Grouped by what is wrong, so ten bad recordings are one line with examples.
                builder.skip("ECG " + error.reason, type: "Electrocardiogram", at: error.place)
            }
        }
    }
}

/// An import that stopped: why, and what it had read and stored by then.
public struct ImportFailure: Error, CustomStringConvertible {
    public let cause: any Error
    public let summary: ImportSummary

    public var description: String { "\(cause)" }
}
