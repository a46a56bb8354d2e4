import ArgumentParser
import Foundation
import LedgerApplication
import LedgerCore
import LedgerStore

struct Log: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List events as they read now (corrections applied, retractions hidden); --raw lists the log as appended.")

    @Option(name: .customLong("kind"), help: "Only this kind (mood, mood.rated…); repeat for several.") var kinds: [String] = []
    @Option(help: "From this time (ISO 8601, \"7d ago\", \"yesterday\").") var from: String?
    @Option(help: "Up to this time.") var to: String?
    @Option(help: "Only events from this source (e.g. \"Apple Watch\").") var source: String?
    @Option(help: "Only events whose payload contains this text.") var text: String?
    @Option(help: "Show only the last N.") var limit: Int?
    @Flag(help: "The events exactly as appended, amendments included.") var raw = false
    @Flag(help: "One JSON object per line.") var json = false
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let filter = try EventFilter(kinds: kinds, from: from, to: to, source: source, text: text)
        let ledger = try vault.openLedger()
        // Rows are printed as they are read; with --limit only the last N are kept, so memory
        // stays flat however long the log.
        var kept = RingBuffer<(sequence: UInt64, event: Event, marker: String)>(capacity: limit.map { max(0, $0) })
        let emit = { (sequence: UInt64, event: Event, marker: String) in
            if kept.capacity == nil { print(Self.line(sequence, event, marker, json: json)) } else { kept.append((sequence, event, marker)) }
        }
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
        for row in kept.elements { print(Self.line(row.sequence, row.event, row.marker, json: json)) }
    }

    static func line(_ sequence: UInt64, _ event: Event, _ marker: String, json: Bool) -> String {
        if json { return EventJSON.line(event, sequence: sequence) }
        let time = event.start.iso8601(utcOffset: event.utcOffset)
        return "#\(sequence)  \(time)  \(event.kind.rawValue)  \(EventSummary.text(event))\(marker)"
    }
}

/// The last `capacity` elements appended; with no capacity, nothing is kept.
struct RingBuffer<Element> {
    let capacity: Int?
    private var storage: [Element] = []
    private var next = 0

    init(capacity: Int?) { self.capacity = capacity }

    mutating func append(_ element: Element) {
        guard let capacity, capacity > 0 else { return }
        if storage.count < capacity {
            storage.append(element)
        } else {
            storage[next] = element
            next = (next + 1) % capacity
        }
    }

    /// Oldest first.
    var elements: [Element] { Array(storage[next...] + storage[..<next]) }
}

/// The filters `log` takes.
struct EventFilter {
    let kinds: Set<EventKind>
    let from: Timestamp?
    let to: Timestamp?
    let source: String?
    let text: String?

    init(kinds names: [String], from: String?, to: String?, source: String?, text: String?) throws {
        var kinds: Set<EventKind> = []
        for name in names {
            let matching = EventKind.allCases.filter { $0.rawValue == name || $0.rawValue.hasPrefix(name + ".") }
            guard !matching.isEmpty else {
                throw ExitStatus.Failure(status: .invalidInput, message: "--kind \(name) is not a kind; `healthledger kinds` lists them")
            }
            kinds.formUnion(matching)
        }
        self.kinds = kinds
        self.from = try from.map(LocalTime.instant)
        self.to = try to.map(LocalTime.instant)
        self.source = source
        self.text = text?.lowercased()
    }

    func matches(_ event: Event) -> Bool {
        if !kinds.isEmpty, !kinds.contains(event.kind) { return false }
        if let from, event.start < from { return false }
        if let to, event.start > to { return false }
        if let source, event.source.name.caseInsensitiveCompare(source) != .orderedSame { return false }
        if let text, !JSONWriter.string(event.payload).lowercased().contains(text) { return false }
        return true
    }
}
