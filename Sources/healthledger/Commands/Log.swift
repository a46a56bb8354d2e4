import ArgumentParser
import Foundation
import LedgerApplication
import LedgerCore
import LedgerStore

struct Log: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "List events as they read now (corrections applied, retractions hidden); --raw lists the log as appended.")

    @Option(name: .customLong("kind"), help: "Only this kind (mood, mood.rated…); repeat for several.", completion: .kinds) var kinds: [String] = []
    @Option(help: "From this time (ISO 8601, \"7d ago\", \"yesterday\").") var from: String?
    @Option(help: "Up to this time.") var to: String?
    @Option(help: "Only events from this source (e.g. \"Apple Watch\"), in any case.") var source: String?
    @Option(help: "Only events whose payload contains this text.") var text: String?
    @Option(help: "Show only the last N.") var limit: Int?
    @Flag(help: "Show every matching event (a terminal otherwise shows the last \(Log.page)).") var all = false
    @Flag(help: "The events exactly as appended, amendments included.") var raw = false
    @Flag(help: "One JSON object per line.") var json = false
    @OptionGroup var vault: VaultOptions

    /// What a terminal shows without --limit or --all: a screenful, not a lifetime of events.
    /// Output to a pipe or file is not cut, so scripts and `| less` get every line.
    static let page = 50

    func validate() throws {
        if all, limit != nil { throw ValidationError("--all and --limit choose different numbers of events: give one") }
    }

    func run() throws {
        let filter = try EventFilter(kinds: kinds, from: from, to: to, source: source, text: text)
        let ledger = try vault.openLedger()
        let paged = limit == nil && !all && isatty(STDOUT_FILENO) == 1
        if let days = try filter.days ?? filter.days(within: ledger.startedDays()) {
            let shown = try printDays(days, limit: paged ? Self.page : limit, filter, ledger)
            if paged, shown == Self.page {
                FileHandle.standardError.write(Data("(the last \(Self.page) events: --all shows every one, --limit N another number, --from/--kind narrow them)\n".utf8))
            }
            return
        }
        if let limit = paged ? Self.page : limit {
            let shown = try printNewest(max(0, limit), filter, ledger)
            if paged, shown == Self.page {
                FileHandle.standardError.write(Data("(the last \(Self.page) events: --all shows every one, --limit N another number, --from/--kind narrow them)\n".utf8))
            }
            return
        }
        // Rows are printed as they are read, so memory stays flat however long the log.
        let emit = { (sequence: UInt64, event: Event, marker: String) in print(Self.line(sequence, event, marker, json: json)) }
        let searched = try ledger.forEach(matching: filter.indexed, current: !raw) { stored, current in
            if let row = Self.row(stored, current, filter) { emit(row.sequence, row.event, row.marker) }
            return true
        }
        if searched { return }
        if raw {
            try ledger.forEach { stored in
                if filter.matches(stored.event) { emit(stored.sequence, stored.event, "") }
                return true
            }
        } else {
            try CurrentEventStream(ledger: ledger, from: 0).forEach { current in
                if !current.isRetracted, filter.matches(current.stored.event) {
                    emit(current.stored.sequence, current.event, current.isCorrected ? " (corrected)" : "")
                }
            }
        }
    }

    /// The last `limit` events that pass `filter`, read newest first (by the kind index when
    /// kinds are given) and only until that many are found, then printed oldest first.
    /// Returns how many it printed.
    private func printNewest(_ limit: Int, _ filter: EventFilter, _ ledger: Ledger) throws -> Int {
        guard limit > 0 else { return 0 }
        var rows: [(sequence: UInt64, event: Event, marker: String)] = []
        try ledger.newestFirst(kinds: filter.kinds, current: !raw, matching: filter.indexed) { stored, current in
            if let row = Self.row(stored, current, filter) { rows.append(row) }
            return rows.count < limit
        }
        for row in rows.reversed() { print(Self.line(row.sequence, row.event, row.marker, json: json)) }
        return rows.count
    }

    /// The events of a bounded range of days, read through the day index newest first (the
    /// kinds asked for through the kind index), only until the last `limit` matches are
    /// found: every match without a limit. Printed oldest first; returns how many.
    private func printDays(_ days: ClosedRange<LocalDay>, limit: Int?, _ filter: EventFilter, _ ledger: Ledger) throws -> Int {
        var rows: [(sequence: UInt64, event: Event, marker: String)] = []
        let kept = limit.map { max(0, $0) } ?? .max
        guard kept > 0 else { return 0 }
        try ledger.newestFirst(onDays: days, kinds: filter.kinds, current: !raw) { stored, current in
            if let row = Self.row(stored, current, filter) { rows.append(row) }
            return rows.count < kept
        }
        for row in rows.reversed() { print(Self.line(row.sequence, row.event, row.marker, json: json)) }
        return rows.count
    }

    /// What a line shows of an event `filter` passes: as stored, or as it reads now when
    /// `current` is given (its marker saying so if corrected); nil when it fails the filter or
    /// is retracted.
    private static func row(_ stored: StoredEvent, _ current: CurrentEvent?, _ filter: EventFilter) -> (sequence: UInt64, event: Event, marker: String)? {
        guard filter.matches(stored.event) else { return nil }
        guard let current else { return (stored.sequence, stored.event, "") }
        guard !current.isRetracted else { return nil }
        return (stored.sequence, current.event, current.isCorrected ? " (corrected)" : "")
    }

    static func line(_ sequence: UInt64, _ event: Event, _ marker: String, json: Bool) -> String {
        if json { return EventJSON.line(event, sequence: sequence) }
        let time = event.start.iso8601(utcOffset: event.utcOffset)
        return "\(EventReference.label(sequence, event.id))  \(time)  \(event.kind.rawValue)  \(EventSummary.text(event))\(marker)"
    }
}

/// The filters `log` takes.
struct EventFilter {
    let kinds: Set<EventKind>
    let from: Timestamp?
    let to: Timestamp?
    /// The key of the source asked for (`SourceName`).
    let sourceKey: [UInt8]?
    let text: String?
    /// The text index's codes of `text`: an event whose payload lacks one cannot match, which is
    /// known without writing out its JSON.
    let textCodes: [UInt32]
    /// The bytes of `text` when they stand only for themselves in a payload's JSON (digits,
    /// say: `PayloadText.literalBytes(ofNeedle:)`), which an event must hold to match.
    let literalText: [UInt8]?
    /// What the text index can narrow the log to.
    let indexed: IndexedSearch

    init(kinds names: [String], from: String?, to: String?, source: String?, text: String?) throws {
        var kinds: Set<EventKind> = []
        for name in names {
            let matching = EventKind.allCases.filter { $0.rawValue == name || $0.rawValue.hasPrefix(name + ".") }
            guard !matching.isEmpty else {
                throw ExitStatus.Failure(status: .invalidInput, message: "--kind \(name) is not a kind\(KindSuggestion.hint(name)); `healthledger kinds` lists them")
            }
            kinds.formUnion(matching)
        }
        self.kinds = kinds
        self.from = try from.map(LocalTime.instant)
        self.to = try to.map(LocalTime.instant)
        sourceKey = source.map(SourceName.key)
        self.text = text?.lowercased()
        textCodes = self.text.map(PayloadText.codes(ofNeedle:)) ?? []
        literalText = self.text.flatMap(PayloadText.literalBytes(ofNeedle:))
        indexed = IndexedSearch(text: self.text, source: source)
    }

    /// The local days an event between `from` and `to` can have started on, whatever UTC
    /// offset it was recorded with, when both are given and the range is short enough for
    /// the day index (`Ledger.daysReadThroughIndex`).
    var days: ClosedRange<LocalDay>? {
        guard let from, let to, from <= to else { return nil }
        let first = LocalDay(from, utcOffset: -EventValidator.maximumOffset), last = LocalDay(to, utcOffset: EventValidator.maximumOffset)
        guard last.number - first.number < Int64(Ledger.daysReadThroughIndex) else { return nil }
        return first...last
    }

    /// With only `from` or only `to` given, the local days from it to the last day an event
    /// started on (or from the first such day to it), when the indexes keep those days and
    /// the range is short enough for the day index: else a page of the newest reads the log
    /// back until it is full, which is all of it when fewer events match than it shows.
    func days(within started: ClosedRange<LocalDay>?) -> ClosedRange<LocalDay>? {
        guard let started else { return nil }
        let range: ClosedRange<LocalDay>
        switch (from, to) {
        case let (from?, nil):
            let first = LocalDay(from, utcOffset: -EventValidator.maximumOffset)
            range = first...max(first, started.upperBound)
        case let (nil, to?):
            let last = LocalDay(to, utcOffset: EventValidator.maximumOffset)
            range = min(last, started.lowerBound)...last
        default:
            return nil
        }
        guard range.upperBound.number - range.lowerBound.number < Int64(Ledger.daysReadThroughIndex) else { return nil }
        return range
    }

    func matches(_ event: Event) -> Bool {
        if !kinds.isEmpty, !kinds.contains(event.kind) { return false }
        if let from, event.start < from { return false }
        if let to, event.start > to { return false }
        if let sourceKey, !SourceName.matches(event.source.name, key: sourceKey) { return false }
        if let text {
            if let literalText, !PayloadText.jsonMayContain(event.payload, literal: literalText) { return false }
            guard PayloadText.mayContain(event.payload, codesOf: textCodes), JSONWriter.string(event.payload).lowercased().contains(text) else { return false }
        }
        return true
    }
}
