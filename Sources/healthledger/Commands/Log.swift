import ArgumentParser
import Foundation
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
        var rows: [(sequence: UInt64, event: Event, marker: String)] = []
        if raw {
            try ledger.forEach { stored in
                if filter.matches(stored.event) { rows.append((stored.sequence, stored.event, "")) }
                return true
            }
        } else {
            for current in try CurrentView.build(ledger, include: filter.matches) where !current.isRetracted {
                rows.append((current.stored.sequence, current.event, current.isCorrected ? " (corrected)" : ""))
            }
        }
        if let limit { rows = Array(rows.suffix(max(0, limit))) }
        for row in rows {
            if json {
                print(EventJSON.line(row.event, sequence: row.sequence))
            } else {
                let time = row.event.start.iso8601(utcOffset: row.event.utcOffset)
                print("#\(row.sequence)  \(time)  \(row.event.kind.rawValue)  \(EventSummary.text(row.event))\(row.marker)")
            }
        }
    }
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
        let offset = Int32(TimeZone.current.secondsFromGMT())
        self.kinds = kinds
        self.from = try from.map { try TimeExpression.parse($0, now: .now(), utcOffset: offset) }
        self.to = try to.map { try TimeExpression.parse($0, now: .now(), utcOffset: offset) }
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
