import ArgumentParser
import Foundation
import LedgerCore
import LedgerStore

struct Append: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Append an event of any kind, or many from JSONL.",
        discussion: """
            append mood.rated rating=7 scaleMax=10 note="slept well"
            append sample.recorded type=HKQuantityTypeIdentifierHeartRate value=62 unit=count/min --at "10m ago"
            append dose.taken medication=Ibuprofen dosage.amount=200 dosage.unit=mg
            append --jsonl events.jsonl        (one event per line, as `log --json` prints them)
            Fields take numbers, true/false, JSON ([…] or {…}) or text; a.b=… sets a nested field.
            `healthledger kinds` lists the kinds.
            """)

    @Argument(help: "The kind, e.g. mood.rated (omit with --jsonl).") var kind: String?
    @Argument(help: "Payload fields as name=value.") var fields: [String] = []
    @Option(help: "The whole payload as a JSON object.") var payload: String?
    @Option(help: "Read events from a JSONL file, or - for standard input.") var jsonl: String?
    @Option(help: "Events per write transaction for --jsonl.") var batchSize = 10_000
    @Flag(help: "With --jsonl, print `committed LINE` after each durable commit, for scripts that must know what is stored.")
    var ack = false
    @OptionGroup var entry: EntryOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        if let jsonl { return try appendJSONL(jsonl) }
        guard let kind else { throw ExitStatus.Failure(status: .invalidInput, message: "name a kind (see `healthledger kinds`) or use --jsonl FILE") }
        guard let eventKind = EventKind(rawValue: kind) ?? EventKind.allCases.first(where: { $0.rawValue.hasPrefix(kind + ".") }) else {
            throw ExitStatus.Failure(status: .invalidInput, message: "'\(kind)' is not a kind; `healthledger kinds` lists them")
        }
        var document = try payload.map { try JSONParser.parseObject($0) } ?? Document()
        for field in fields { try FieldAssignment.apply(field, to: &document) }
        let event = Event(
            id: try entry.eventID(), kind: eventKind, schema: PayloadCatalog.currentSchema(of: eventKind),
            start: try entry.time(entry.at), end: try entry.end.map { try entry.time($0) }, utcOffset: entry.localOffset,
            zone: TimeZone.current.identifier, source: .cli, payload: document)
        try vault.store([event])
    }

    private func appendJSONL(_ path: String) throws {
        guard let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path) else {
            throw ExitStatus.Failure(status: .noVault, message: "cannot read \(path): no such file")
        }
        let ledger = try vault.openLedger()
        let progress = Progress("appending")
        var batch: [Event] = []
        var lineNumber = 0
        var stored = 0
        var duplicates = 0
        func flush() throws {
            guard !batch.isEmpty else { return }
            let outcome = try ledger.append(batch)
            stored += outcome.appended.count
            duplicates += outcome.duplicates
            batch.removeAll(keepingCapacity: true)
            if ack {
                print("committed \(lineNumber)")
                fflush(nil)
            }
            progress.update(stored + duplicates)
        }
        do {
            for line in LineReader(handle: handle) {
                lineNumber += 1
                guard !line.allSatisfy(\.isWhitespace) else { continue }
                let event: Event
                do {
                    event = try EventJSON.event(from: JSONParser.parseObject(line), localOffset: entry.localOffset)
                    try EventValidator.validate(event)
                } catch {
                    throw ExitStatus.Failure(status: .invalidInput, message: "\(path) line \(lineNumber): \(error). \(stored) events before it are stored; fix the line and run again (events with ids are not stored twice)")
                }
                batch.append(event)
                if batch.count >= batchSize { try flush() }
            }
            try flush()
        } catch let error as LedgerStoreError {
            progress.finish()
            throw ExitStatus.Failure(status: ExitStatus.classify(error) ?? .ioError, message: "\(error) (\(stored) events from \(path) were stored before this)")
        }
        progress.finish()
        print("stored \(stored) events from \(path)" + (duplicates > 0 ? "; \(duplicates) already stored (same id): skipped" : ""))
    }
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

/// Lines of a file or pipe, read in chunks so memory stays flat.
struct LineReader: Sequence, IteratorProtocol {
    let handle: FileHandle
    private var buffer: [UInt8] = []
    private var position = 0
    private var finished = false

    init(handle: FileHandle) { self.handle = handle }

    mutating func next() -> String? {
        while true {
            if let newline = buffer[position...].firstIndex(of: 0x0a) {
                let line = String(decoding: buffer[position..<newline], as: UTF8.self)
                position = newline + 1
                return line
            }
            if finished {
                guard position < buffer.count else { return nil }
                defer { position = buffer.count }
                return String(decoding: buffer[position...], as: UTF8.self)
            }
            buffer.removeSubrange(..<position)
            position = 0
            let chunk = handle.readData(ofLength: 1 << 20)
            if chunk.isEmpty { finished = true } else { buffer.append(contentsOf: chunk) }
        }
    }
}
