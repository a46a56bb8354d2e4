import ArgumentParser
import Foundation
import LedgerApplication
import LedgerCore

struct SourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "Where data arrives from by itself: each device (ingest token) and folder, its last delivery, and what it brought.",
        discussion: """
            One line per device that posts to `ingest serve` (a token in force that has not delivered yet too) \
            and per folder `watch` or `import health-auto-export` read: when it last delivered, how many readings \
            that delivery held and from which apps, and its totals (readings held, of them new to the ledger).
            """)
    @Flag(help: "One JSON object per source.") var json = false
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let sources = try DeliverySources(vault.openLedger()).all
        for source in sources {
            if json {
                print(JSONWriter.string(document(source)))
                continue
            }
            let kind = source.channel == "listener" ? "device" : source.channel
            let token = source.token.map { " (token \($0)\(source.isRevoked ? ", revoked" : ""))" } ?? ""
            print("\(kind) \(TerminalText.escaped(source.name))\(token)")
            guard let last = source.lastDelivery else {
                print("  no delivery yet")
                continue
            }
            let apps = Self.sorted(source.lastApps).map { "\($0.value.formatted()) from \(TerminalText.escaped($0.key))" }.joined(separator: ", ")
            print("  last delivery \(LocalTime.describe(last)): \(source.lastReadings.formatted()) readings\(apps.isEmpty ? "" : " (\(apps))")")
            print("  \(source.deliveries.formatted()) \(source.deliveries == 1 ? "delivery" : "deliveries"): \(source.readings.formatted()) readings, \(source.stored.formatted()) new to the ledger")
        }
        if sources.isEmpty, !json {
            print("nothing has arrived by itself yet: `healthledger ingest token add NAME` then `ingest serve`, or `healthledger watch DIR`")
        }
    }

    private func document(_ source: DeliverySources.Source) -> Document {
        var document: Document = ["channel": .string(source.channel), "name": .string(source.name)]
        document.set("token", source.token.map { .string($0) })
        if source.token != nil { document["revoked"] = .bool(source.isRevoked) }
        document["lastDelivery"] = source.lastDelivery.map { .string($0.iso8601(utcOffset: 0)) } ?? .null
        document["lastReadings"] = .int(source.lastReadings)
        document["lastApps"] = Self.counts(source.lastApps)
        document["deliveries"] = .int(Int64(source.deliveries))
        document["readings"] = .int(source.readings)
        document["stored"] = .int(source.stored)
        document["apps"] = Self.counts(source.apps)
        return document
    }

    private static func counts(_ map: [String: Int64]) -> DocValue {
        .map(Document(sorted(map).map { ($0.key, .int($0.value)) }))
    }

    private static func sorted(_ map: [String: Int64]) -> [(key: String, value: Int64)] {
        map.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    }
}
