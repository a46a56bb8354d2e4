import ArgumentParser
import Foundation
import LedgerApplication
import LedgerCore
import LedgerStore
import Synchronization

struct Append: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "append",
        abstract: "Append an event of any kind, or many from JSONL.",
        discussion: """
            append mood.rated rating=7 scaleMax=10 note="slept well"
            append sample.recorded type=HKQuantityTypeIdentifierHeartRate value=62 unit=count/min --at "10m ago"
            append dose.taken medication=Ibuprofen dosage.amount=200 dosage.unit=mg
            append --jsonl events.jsonl        (one event per line, as `log --json` prints them)
            append face --metrics Face-2024-03-15_143022.json --image Face-2024-03-15_143022.jpg
            append face --landmarks mesh.json   (MediaPipe Face Mesh points; face-models derives the 24 features)
            Fields take numbers, true/false, JSON ([…] or {…}) or text; a.b=… sets a nested field.
            `healthledger kinds` lists the kinds.
            """)

    @Argument(help: "The kind, e.g. mood.rated (omit with --jsonl).", completion: .kinds) var kind: String?
    @Argument(help: "Payload fields as name=value.") var fields: [String] = []
    @Option(help: "The whole payload as a JSON object.") var payload: String?
    @Option(help: "Read events from a JSONL file, or - for standard input.", completion: .file()) var jsonl: String?
    @Option(help: "Events per write transaction for --jsonl.") var batchSize = 10_000
    @Flag(help: "With --jsonl, print `committed LINE` after each durable commit, for scripts that must know what is stored.")
    var ack = false
    @Option(help: "For `append face`: ShareHealth's metrics JSON of the capture.", completion: .file(extensions: ["json"])) var metrics: String?
    @Option(help: "For `append face`: MediaPipe Face Mesh landmarks JSON (468/478 points, optional blendshapes).", completion: .file(extensions: ["json"])) var landmarks: String?
    @Option(help: "For `append face`: the capture's image, sealed under its own key.", completion: .file()) var image: String?
    @Flag(help: "Store fields the kind does not read, or a setting.changed whose key no view reads (known keys: `healthledger settings`).")
    var force = false
    @OptionGroup var entry: EntryOptions
    @OptionGroup var ending: EndOption
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func validate() throws {
        if ack, output.json { throw ValidationError("choose one of --ack and --json") }
    }

    func run() throws {
        if let jsonl { return try appendJSONL(jsonl) }
        guard let kind else { throw ExitStatus.Failure(status: .invalidInput, message: "name a kind (see `healthledger kinds`) or use --jsonl FILE") }
        guard let eventKind = EventKind(rawValue: kind) ?? EventKind.allCases.first(where: { $0.rawValue.hasPrefix(kind + ".") }) else {
            throw ExitStatus.Failure(status: .invalidInput, message: "'\(kind)' is not a kind\(KindSuggestion.hint(kind)); `healthledger kinds` lists them")
        }
        if metrics != nil || landmarks != nil || image != nil {
            guard eventKind == .faceCaptured else {
                throw ExitStatus.Failure(status: .invalidInput, message: "--metrics, --landmarks and --image are for `append face`, not \(eventKind.rawValue)")
            }
            return try appendFace()
        }
        var document = try payload.map { try JSONParser.parseObject($0) } ?? Document()
        for field in fields { try FieldAssignment.apply(field, to: &document) }
        try UnknownFields.refuse(kind: eventKind, payload: document, force: force)
        let start = try entry.time(entry.at)
        let event = Event(
            id: try entry.eventID(), kind: eventKind, schema: PayloadCatalog.currentSchema(of: eventKind),
            start: start.timestamp, end: try ending.end.map { try entry.time($0, flag: "--end").timestamp }, utcOffset: start.utcOffset,
            zone: entry.timing.storedZone(for: start), source: .cli, payload: document)
        try SettingCheck.check(event, force: force)
        try vault.store([event], output: output, idsDrawnAtRandom: entry.timing.idsDrawnAtRandom)
    }

    private func appendJSONL(_ path: String) throws {
        guard let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path) else {
            throw ExitStatus.Failure(status: .noVault, message: "cannot read \(path): no such file")
        }
        let ledger = try vault.openLedger()
        let tally = AppendTally(progress: Progress("appending"), acknowledge: ack)
        let appender = BulkAppender(ledger: ledger, onCommit: { lastLine, outcome in tally.committed(outcome, through: lastLine) })
        var batch: [Event] = []
        var batchLines: [Int] = []
        var lineNumber = 0
        func send() throws {
            guard !batch.isEmpty else { return }
            do {
                try appender.add(batch, tag: lineNumber)
            } catch let error as LedgerStoreError {
                guard case let (index, refusal)? = error.refusedEvent else { throw error }
                throw ExitStatus.Failure(status: .invalidInput, message: "\(path) line \(batchLines[index]): \(refusal)")
            }
            batch.removeAll(keepingCapacity: true)
            batchLines.removeAll(keepingCapacity: true)
        }
        func take(_ bytes: [UInt8]) throws {
            lineNumber += 1
            let line: String
            do {
                line = try LineSplitter.text(bytes)
            } catch {
                throw ExitStatus.Failure(
                    status: .invalidInput, message: "\(path) line \(lineNumber): the line is not valid UTF-8 (at byte \(error.byteOffset + 1) of the line); save the file as UTF-8")
            }
            guard !line.allSatisfy(\.isWhitespace) else { return }
            do {
                let event = try EventJSON.event(from: JSONParser.parseObject(line), zone: entry.zone)
                if event.schema == PayloadCatalog.currentSchema(of: event.kind) {
                    try UnknownFields.refuse(kind: event.kind, payload: event.payload, force: force)
                }
                try SettingCheck.check(event, force: force)
                batch.append(event)
                batchLines.append(lineNumber)
            } catch let failure as ExitStatus.Failure {
                throw ExitStatus.Failure(status: failure.status, message: "\(path) line \(lineNumber): \(failure.message)")
            } catch {
                throw ExitStatus.Failure(status: .invalidInput, message: "\(path) line \(lineNumber): \(error)")
            }
            if batch.count >= batchSize { try send() }
        }
        do {
            var lines = LineSplitter(maximumLineLength: EventLimits.maximumEncodedSize, maximumLines: .max)
            do {
                // Read in chunks so memory stays flat: a line longer than any event is
                // refused before it is read to its end.
                while case let chunk = handle.readData(ofLength: 1 << 20), !chunk.isEmpty {
                    try chunk.withUnsafeBytes { try lines.split($0, take) }
                }
                try lines.finish(take)
            } catch LineSplitter.Refusal.lineTooLong(let line, let limit) {
                throw ExitStatus.Failure(
                    status: .invalidInput,
                    message: "\(path) line \(line): the line is longer than \(EventLimits.describe(bytes: limit)), the most an event may take; large content belongs in a blob (as `append face --image` stores one)")
            }
            try send()
            try appender.finish()
        } catch {
            // Whatever was queued before the failure is still committed, then reported.
            _ = try? appender.finish()
            tally.finishProgress()
            let stored = "\(tally.stored) events from \(path) are stored; fix the input and run again (events with ids are not stored twice)"
            if let failure = error as? ExitStatus.Failure { throw ExitStatus.Failure(status: failure.status, message: "\(failure.message). \(stored)") }
            throw ExitStatus.Failure(status: ExitStatus.classify(error) ?? .ioError, message: "\(error). \(stored)")
        }
        tally.finishProgress()
        vault.catchUpViews(ledger)
        guard !output.json else {
            return output.print(["input": .string(path), "stored": .int(Int64(tally.stored)), "alreadyStored": .int(Int64(tally.duplicates))])
        }
        print("stored \(tally.stored) events from \(path)" + (tally.duplicates > 0 ? "; " + tally.skippedText : ""))
    }
}

/// Counts what the committer thread stored, for progress, acknowledgements and the summary.
final class AppendTally: Sendable {
    private struct Counts {
        var stored = 0
        var duplicates = 0
        /// Of `duplicates`, the same records as events stored under other ids (`SameRecord`).
        var heldUnderAnotherID = 0
        let progress: Progress
    }

    private let counts: Mutex<Counts>
    let acknowledge: Bool

    init(progress: sending Progress, acknowledge: Bool) {
        counts = Mutex(Counts(progress: progress))
        self.acknowledge = acknowledge
    }

    var stored: Int { counts.withLock { $0.stored } }
    var duplicates: Int { counts.withLock { $0.duplicates } }
    var heldUnderAnotherID: Int { counts.withLock { $0.heldUnderAnotherID } }

    /// What the summary says of those skipped: by id, or as the same record under another id.
    var skippedText: String {
        let held = heldUnderAnotherID
        return "\(duplicates) already stored (same id\(held > 0 ? "; \(held) the same record as one stored under another id" : "")): skipped"
    }

    func committed(_ outcome: AppendOutcome, through line: Int) {
        counts.withLock { counts in
            counts.stored += outcome.appended.count
            counts.duplicates += outcome.duplicates
            counts.heldUnderAnotherID += outcome.heldUnderAnotherID.values.reduce(0, +)
            counts.progress.update(counts.stored + counts.duplicates)
            if acknowledge {
                print("committed \(line)")
                Platform.flushPrintedOutput()
            }
        }
    }

    /// Ends the progress line.
    func finishProgress() { counts.withLock { $0.progress.finish() } }
}

/// `name=value` and `a.b=value` assignments into a payload document.
enum FieldAssignment {
    static func apply(_ assignment: String, to document: inout Document) throws {
        guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
            throw ExitStatus.Failure(status: .invalidInput, message: "'\(assignment)' should be name=value")
        }
        let path = assignment[..<equals].split(separator: ".").map(String.init)
        set(value(String(assignment[assignment.index(after: equals)...])), at: path[...], in: &document)
    }

    static func value(_ text: String) -> DocValue {
        if let number = Int64(text) { return .int(number) }
        if let number = Double(text), number.isFinite { return .double(number) }
        if text == "true" || text == "false" { return .bool(text == "true") }
        if text.hasPrefix("[") || text.hasPrefix("{"), let parsed = try? JSONParser.parse(text) { return parsed }
        return .string(text)
    }

    private static func set(_ value: DocValue, at path: ArraySlice<String>, in document: inout Document) {
        guard let head = path.first else { return }
        if path.count == 1 {
            document[head] = value
            return
        }
        var nested: Document
        if case .map(let existing)? = document[head] { nested = existing } else { nested = Document() }
        set(value, at: path.dropFirst(), in: &nested)
        document[head] = .map(nested)
    }
}
