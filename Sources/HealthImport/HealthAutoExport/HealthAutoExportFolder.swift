public import Foundation
public import LedgerCore
public import LedgerStore
import Synchronization

/// Health Auto Export files: one file, or every `*.json` and `*.csv` under a folder (the app's
/// automation writes into iCloud Drive or a synced folder).
///
/// The app re-sends overlapping windows: a bucket already held with the same value stores
/// nothing; with another value, from a file delivered (last modified) after the value held
/// was delivered, it becomes an `event.corrected` of the one held, so a day never holds two
/// values for one bucket. An older file's value never undoes a newer one, whichever is
/// imported first: it is skipped and counted. Each stored bucket carries its delivery
/// (`HealthAutoExportDeliveryStamp`).
public struct HealthAutoExportFolder: ImportSource {
    public let input: String
    let ledger: Ledger
    let identity: ImportIdentity
    /// The zone the phone was in, for CSV files' times, which carry no offset.
    let clock: LocalClock
    /// What each pass has decided by id, so that a bucket in several files of one run
    /// compares with the value the run itself holds for it; the two passes decide alike.
    private let heldWhileChecking = HeldBuckets(), heldWhileStoring = HeldBuckets()
    /// What the ledger held when the run began, looked up while checking and reused while
    /// storing: each held event is read once (docs/performance.md, "Health Auto Export import").
    private let heldBeforeRun = HeldBuckets()
    /// Readings per app or device the storing pass handed over, for the run's delivery record.
    private let storedApps = AppCounts()

    public init(input: String, ledger: Ledger, clock: LocalClock = LocalClock(zone: .current)) {
        self.input = input
        self.ledger = ledger
        self.clock = clock
        identity = ImportIdentity(ledger: ledger)
    }

    /// Whether `name` is a file the app writes: its JSON or its CSV export.
    public static func isExport(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasSuffix(".json") || lowered.hasSuffix(".csv")
    }

    public func units() throws(ImportError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
            throw .missing(input, "no such file or folder")
        }
        guard isDirectory.boolValue else { return [input] }
        let files = try FolderScan.files(under: input, where: Self.isExport)
        guard !files.isEmpty else { throw .missing(input, "no .json or .csv files in it (Health Auto Export writes its exports there)") }
        return files
    }

    public func path(of file: String) -> String { file }

    public func events(of file: String, summary: inout ImportSummary, ledger phaseLedger: Ledger?) throws -> [Event] {
        try events(parsing: Self.text(of: file), from: file, delivered: Self.modified(file), summary: &summary, ledger: phaseLedger)
    }

    /// The events of one delivery's text (a file's, a POST's body), `from` naming it in errors,
    /// resolved against what is held as a file delivered at `delivered` is.
    public func events(parsing text: String, from file: String, delivered: Timestamp, summary: inout ImportSummary, ledger phaseLedger: Ledger?) throws -> [Event] {
        try resolved(parsing: text, from: file, delivered: delivered, summary: &summary, ledger: phaseLedger).events
    }

    /// The same, with how many of the events the ledger held already as they are (a re-sent
    /// window), known from the lookup the resolution makes anyway.
    func resolved(
        parsing text: String, from file: String, delivered: Timestamp, summary: inout ImportSummary, ledger phaseLedger: Ledger?
    ) throws -> (events: [Event], held: Int) {
        let reader = HealthAutoExportFile(path: file, identity: identity, clock: clock)
        return try resolve(reader.events(parsing: text, summary: &summary), from: file, delivered: delivered, summary: &summary, ledger: phaseLedger)
    }

    /// Resolves one delivery's events (or a slice of them) against what is held.
    ///
    /// `laterPointsWin`: the events are a later slice of the delivery whose earlier slices this
    /// source resolved already, so a bucket it holds from them with another value is the app's
    /// later word in the same delivery, and corrects it, as a later point of one slice does.
    func resolve(
        _ converted: [Event], from file: String, delivered: Timestamp, summary: inout ImportSummary, ledger phaseLedger: Ledger?,
        laterPointsWin: Bool = false
    ) throws -> (events: [Event], held: Int) {
        var events = converted
        // One bucket written twice in a file: the later point is the app's latest word.
        var latest: [EventID: Int] = [:]
        for (index, event) in events.enumerated() { latest[event.id] = index }
        if latest.count < events.count {
            events = events.enumerated().filter { latest[$0.element.id] == $0.offset }.map(\.element)
        }
        // Kept elements were counted under their metric's name as they were read.
        for event in events where event.kind != .exportElementRecorded {
            summary.count(type: ShareHealthDay.type(of: event), source: event.source.name)
        }
        let held = phaseLedger == nil ? heldWhileChecking : heldWhileStoring
        let logEnd = try ledger.count()
        try heldBeforeRun.lookUp(events.map(\.id).filter { held.bucket($0) == nil }, in: ledger)
        var resolved: [Event] = []
        var heldAlready = 0
        for var event in events {
            let heldThisRun = held.bucket(event.id)
            let holding = heldThisRun ?? heldBeforeRun.bucket(event.id)
            let fingerprint = event.payload.hashValue
            event.payload = HealthAutoExportDeliveryStamp.stamped(event.payload, kind: event.kind, at: delivered)
            guard let holding, holding.fingerprint != fingerprint else {
                if heldThisRun == nil, holding != nil { heldAlready += 1 }
                held.hold(fingerprint, since: max(delivered, holding?.since ?? delivered), for: event.id)
                resolved.append(event)
                continue
            }
            // Equal deliveries cannot be ordered: the value held stays, so importing both again changes nothing.
            guard delivered > holding.since || laterPointsWin && heldThisRun != nil else {
                summary.skip("a bucket held with another value from a delivery as late or later: the value held is kept", at: file)
                continue
            }
            held.hold(fingerprint, since: delivered, for: event.id)
            summary.note("a bucket re-sent with another value: stored as event.corrected of the one held")
            resolved.append(correction(of: event, logEnd: logEnd))
        }
        if phaseLedger != nil { storedApps.count(resolved) }
        return (resolved, heldAlready)
    }

    /// Readings per app or device (`Alex’s Apple Watch`) of every unit stored so far.
    public var deliveredApps: [String: Int64] { storedApps.counts }

    private func correction(of event: Event, logEnd: UInt64) -> Event {
        let correction = EventCorrected(
            target: event.id, payloadSchema: event.schema, payload: event.payload, reason: "Health Auto Export sent this bucket again with another value")
        // The id names where the log ended too: a value that goes back to an earlier one
        // (5, 7, 5) is a new correction, not a duplicate of the first.
        let id = identity.id(EventKind.eventCorrected.rawValue, [event.id.description, JSONWriter.string(event.payload), String(logEnd)])
        return Event(correction, id: id, start: event.start, utcOffset: event.utcOffset, source: event.source, causation: event.id)
    }

    /// When the file was delivered: its last modification.
    static func modified(_ path: String) throws(ImportError) -> Timestamp {
        guard let date = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date else {
            throw .unreadable(path, "no such file or not readable")
        }
        return Timestamp(micros: Int64((date.timeIntervalSince1970 * 1_000_000).rounded()))
    }

    /// The file's text, refused above `HealthAutoExportFile.maximumBytes` before it is read.
    static func text(of path: String) throws(ImportError) -> String {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= HealthAutoExportFile.maximumBytes else {
            throw .malformed(path, "\(size) bytes, more than the \(HealthAutoExportFile.maximumBytes >> 20) MiB a Health Auto Export file may have; export a shorter window")
        }
        return try FolderScan.text(of: path)
    }
}

/// The value one pass of an import run holds for each bucket, and since when.
///
/// An import runs on one thread; the lock, never contended, keeps the source a value that
/// can be passed around.
private final class HeldBuckets: Sendable {
    /// A payload's hash stands for it: a run compares thousands of buckets, and holding
    /// their payloads would hold the whole folder in memory.
    struct Bucket {
        var fingerprint: Int
        var since: Timestamp
    }

    private struct Held {
        var buckets: [EventID: Bucket] = [:]
        var lookedUp: Set<EventID> = []
    }

    private let held = Mutex(Held())

    func bucket(_ id: EventID) -> Bucket? { held.withLock { $0.buckets[id] } }

    /// Holds what `ledger` holds under those of `ids` not looked up before, as they read now.
    func lookUp(_ ids: [EventID], in ledger: Ledger) throws {
        try held.withLock { held in
            let new = ids.filter { held.lookedUp.insert($0).inserted }
            for (id, current) in try ledger.currentEvents(ids: new) {
                let unstamped = HealthAutoExportDeliveryStamp.unstamped(current.event.payload, kind: current.event.kind)
                held.buckets[id] = Bucket(fingerprint: unstamped.hashValue, since: HealthAutoExportDeliveryStamp.delivery(of: current))
            }
        }
    }

    func hold(_ fingerprint: Int, since: Timestamp, for id: EventID) {
        held.withLock { $0.buckets[id] = Bucket(fingerprint: fingerprint, since: since) }
    }
}

/// Readings per app, counted as a run's units are stored.
///
/// An import runs on one thread; the lock, never contended, keeps the source a value that
/// can be passed around.
private final class AppCounts: Sendable {
    private let tally = Mutex<[String: Int64]>([:])

    var counts: [String: Int64] { tally.withLock { $0 } }

    func count(_ events: [Event]) {
        tally.withLock { counts in
            for event in events { counts[HealthAutoExportDelivery.app(of: event) ?? HealthAutoExportDelivery.unnamedApp, default: 0] += 1 }
        }
    }
}
