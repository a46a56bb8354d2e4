import LedgerCore

/// Turns the document's tags into validated events, in document order, handing them on in
/// batches; records that cannot be stored are counted in the summary with their reason.
final class ExportEventBuilder {
    private let scanner: XMLTagScanner
    private let deliver: ([Event]) throws -> Void
    private var recordReader = RecordReader()
    private var recordEvents: RecordEvents
    private(set) var elementEvents: ElementEvents
    private var pendingRecord: PendingRecord?
    private var capture: ElementCapture?
    /// Elements open before the tag being handled.
    private var depth = 0
    /// How deep elements may nest. An export nests a few levels; elements nested tens of
    /// thousands deep are an attack on whatever walks the tree (a captured element's
    /// children are read recursively).
    static let maximumDepth = 256
    private var batch: [Event] = []
    private let batchSize = 2048
    /// Numbers in the batch's series (route points, ECG samples, beats): a batch is also
    /// handed on when these add up, since one workout's route outweighs thousands of readings.
    private var batchSeriesValues = 0
    private let batchSeriesLimit = 25_000
    private var tally = ImportSummary()
    /// Records come in runs of one type and source: a run is counted here and added to the
    /// tally when it ends, rather than with two dictionary updates per record.
    private var run: (type: String, source: String, count: Int)?
    var summary: ImportSummary {
        var summary = tally
        if let run { summary.count(type: run.type, source: run.source, times: run.count) }
        for (rule, count) in lived.counts { summary.localTimeRules[rule.rawValue] = count }
        summary.repeats = recordEvents.repeats
        if recordEvents.unplacedBeatSeries > 0 {
            summary.notes["heartbeat series whose clock times fit no whole-hour offset inside their record: beats kept within the record", default: 0] += recordEvents.unplacedBeatSeries
        }
        for (zone, count) in lived.unknownZones { summary.notes["HKTimeZone '\(zone)' names no zone this system knows: read by the next rule", default: 0] += count }
        return summary
    }
    /// The type of the last record read, for progress.
    private(set) var currentType = ""

    private let lived: LivedTime

    init(
        scanner: XMLTagScanner, identity: ImportIdentity, attachments: ExportArchive, homeZone: String? = nil,
        deliver: @escaping ([Event]) throws -> Void
    ) {
        self.scanner = scanner
        self.deliver = deliver
        lived = LivedTime(homeZone: homeZone)
        recordEvents = RecordEvents(identity: identity, lived: lived)
        elementEvents = ElementEvents(identity: identity, attachments: attachments, lived: lived)
        batch.reserveCapacity(batchSize)
    }

    func handle(_ tag: XMLTag) throws {
        switch tag.kind {
        case .close:
            depth -= 1
            if capture != nil {
                if let finished = capture?.add(tag) {
                    capture = nil
                    try finish(finished)
                }
            } else if depth == 1, let record = pendingRecord.take() {
                try finish(record)
            }
        case .open, .empty:
            guard depth < Self.maximumDepth else {
                throw scanner.error(at: tag.offset, "<\(tag.name.string)> is nested \(depth + 1) elements deep, deeper than the \(Self.maximumDepth) this importer reads; an Apple Health export nests a few levels, so the file is damaged or not an export")
            }
            switch depth {
            case 0:
                guard tag.name.elementsEqual("HealthData") else {
                    throw scanner.error(at: tag.offset, "the document's root is <\(tag.name.string)>, not <HealthData>: this is not an Apple Health export")
                }
            case 1: try beginTopLevel(tag)
            default:
                if pendingRecord != nil {
                    // Cannot fail: checked on the line above; the record is read into in place.
                    recordReader.child(tag, of: &pendingRecord!)
                } else if capture != nil {
                    _ = capture?.add(tag)
                }
            }
            if tag.kind == .open { depth += 1 }
        }
    }

    /// Hands on what is left; call at the end of the document or when stopping early.
    func flush() throws {
        guard !batch.isEmpty else { return }
        let full = batch
        batch.removeAll(keepingCapacity: true)
        batchSeriesValues = 0
        try deliver(full)
    }

    /// Adds events made outside the document (ECG recordings), validated the same way.
    func add(_ events: [Event], type: String, source: String, location: String) throws {
        tally.count(type: type, source: source)
        try store(events) { location }
    }

    func skip(_ reason: String, type: String, at location: String) {
        tally.count(type: type, source: nil)
        tally.skip(reason, at: location)
    }

    private func beginTopLevel(_ tag: XMLTag) throws {
        if tag.name.elementsEqual("Record") {
            let record = recordReader.begin(tag)
            if tag.kind == .empty { try finish(record) } else { pendingRecord = record }
        } else if tag.name.elementsEqual("ExportDate") {
            if let value = tag.value("value"), let date = ExportDate.parse(value) { elementEvents.exportDate = date }
        } else if tag.kind == .empty {
            try finish(CapturedElement(tag))
        } else {
            capture = ElementCapture(tag)
        }
    }

    private func finish(_ record: PendingRecord) throws {
        currentType = record.type
        countRecord(type: record.type.isEmpty ? "Record" : record.type, source: record.sourceName ?? RecordEvents.unknownSource)
        // The offset alone is captured: capturing the record copied it, metadata and beats included.
        let offset = record.offset
        switch try recordEvents.events(record) {
        case .success(let made): try store(made.events, checkedPayloads: made.checkedPayloads) { self.location(offset) }
        case .failure(let problem): tally.skip(problem.reason, at: location(offset))
        }
    }

    private func countRecord(type: String, source: String) {
        if let current = run, current.type == type, current.source == source {
            run?.count += 1
            return
        }
        if let run { tally.count(type: run.type, source: run.source, times: run.count) }
        run = (type, source, 1)
    }

    private func finish(_ element: CapturedElement) throws {
        currentType = element.name
        tally.count(type: element["type"] ?? element.name, source: ElementEvents.sourceName(element))
        do {
            try store(try elementEvents.events(element)) { self.location(element.offset) }
        } catch let problem as RecordProblem {
            tally.skip(problem.reason, at: location(element.offset))
        }
        for note in elementEvents.notes { tally.note(note) }
        elementEvents.notes.removeAll()
    }

    /// Validates each event; one that fails is kept as a generic event with what it said,
    /// so a quirk of one record never stops the import and nothing is dropped silently.
    /// `location` is worked out only for a record that fails: counting lines is not free.
    /// The first `checkedPayloads` events have payloads their maker has checked.
    private func store(_ events: [Event], checkedPayloads: Int = 0, location: () -> String) throws {
        for index in events.indices {
            let event = events[index]
            guard let error = Self.validationError(event, payloadChecked: index < checkedPayloads) else {
                try append(event)
                continue
            }
            let kept = Event(
                ExportElementRecorded(element: event.kind.rawValue, attributes: event.payload.flattenedText, children: []),
                id: event.id, start: event.start, end: event.end.map { max($0, event.start) }, utcOffset: event.utcOffset,
                zone: event.zone, source: event.source.name.isEmpty ? Source(name: RecordEvents.unknownSource) : event.source,
                causation: event.causation)
            guard Self.validationError(kept) == nil else {
                // Not even its text can be kept (an offset beyond ±18 h, a year past 9999).
                tally.skip("\(error)", at: location())
                continue
            }
            tally.note("kept as a generic event: \(error.reason)")
            try append(kept)
        }
    }

    private static func validationError(_ event: Event, payloadChecked: Bool = false) -> ValidationError? {
        do {
            try EventValidator.validate(event, payloadChecked: payloadChecked)
            return nil
        } catch {
            return error
        }
    }

    private func append(_ event: Event) throws {
        batch.append(event)
        batchSeriesValues += Self.seriesValues(event)
        if batch.count >= batchSize || batchSeriesValues >= batchSeriesLimit { try flush() }
    }

    /// How many numbers an event's long series hold (each column of a route counts).
    private static func seriesValues(_ event: Event) -> Int {
        var count = 0
        for field in event.payload.fields {
            switch field.value {
            case .array(let values): count += values.count
            case .map(let columns):
                for column in columns.fields { if case .array(let values) = column.value { count += values.count } }
            default: break
            }
        }
        return count
    }

    private func location(_ offset: Int) -> String {
        let (line, _) = scanner.location(of: offset)
        return "\(scanner.file) line \(line)"
    }
}
