import Foundation
import LedgerCore
import LedgerStore
import Testing
@testable import HealthBundle

/// What a bundle cannot do to the vault that imports it (issue 40, cases 2 and 14).
@Suite struct BundleImportSafetyTests {
    /// Before, the storing read committed every 10,000 lines before its own end, where the
    /// verification is: a bundle whose bytes changed between the reads (a FIFO) was refused
    /// as "modified after signing" with its changed events already stored.
    @Test func aBundleThatChangesBetweenTheReadsStoresNothingUnverified() throws {
        let source = try BundleFixture(empty: true)
        let moods = (0..<10_050).map { index in
            Event(MoodRated(rating: 7), start: BundleFixture.time(index % 14, minutes: index / 14), utcOffset: BundleFixture.offset)
        }
        try source.ledger.append(moods)
        let (bytes, _) = try source.export()
        let changed = try BundleVerificationTests.rewrite(bytes) { name, content in
            name == "events.jsonl" ? Array(String(decoding: content, as: UTF8.self).replacingOccurrences(of: "\"rating\":7", with: "\"rating\":2").utf8) : content
        }
        let target = try BundleFixture(empty: true)
        var reads = 0
        let error = #expect(throws: BundleError.self) {
            try BundleImporter(ledger: target.ledger).run(expectedSigner: nil) {
                reads += 1
                return MemoryStream(reads == 1 ? bytes : changed)
            }
        }
        #expect(error?.kind == .hashMismatch)
        #expect(error?.message.contains("changed while it was read") == true, "\(error?.message ?? "")")
        #expect(try target.ledger.count() == 0, "nothing of the changed read is stored")

        let summary = try BundleImporter(ledger: target.ledger).run(expectedSigner: nil) { MemoryStream(bytes) }
        #expect(summary.appended == moods.count, "the same bundle read twice unchanged is stored whole")
    }

    /// A bundle signed by any key and holding a retraction of the receiver's own event and
    /// a settings change: before, both were applied and the summary said only "2 stored".
    @Test func aBundleNeitherAmendsEventsItDoesNotHoldNorChangesSettingsUnlessAsked() throws {
        let receiver = try BundleFixture(empty: true)
        let own = Event(MoodRated(rating: 8), start: BundleFixture.time(1), utcOffset: BundleFixture.offset)
        try receiver.ledger.append([own])
        let forger = try BundleFixture(empty: true)
        let brought = Event(MoodRated(rating: 3), start: BundleFixture.time(2), utcOffset: BundleFixture.offset)
        try forger.ledger.append([
            brought,
            Event(EventRetracted(target: brought.id), start: BundleFixture.time(2, minutes: 5), utcOffset: BundleFixture.offset),
            Event(EventRetracted(target: own.id), start: BundleFixture.time(3), utcOffset: BundleFixture.offset),
            Event(SettingChanged(key: "calorie.firstWeekday", value: .string("sunday")), start: BundleFixture.time(3, minutes: 1), utcOffset: BundleFixture.offset),
        ])
        let (bytes, _) = try forger.export()

        let summary = try BundleImporter(ledger: receiver.ledger).run(expectedSigner: nil) { MemoryStream(bytes) }
        #expect(summary.appended == 2, "the bundle's mood and its retraction of its own mood")
        #expect(summary.skippedTotal == 2)
        #expect(summary.skipped.keys.contains { $0.hasPrefix("event.retracted of an event the bundle does not hold") && $0.contains("--accept-amendments") })
        #expect(summary.skipped.keys.contains { $0.hasPrefix("setting.changed: refused") && $0.contains("--accept-settings") })
        let stored = try receiver.ledger.allEvents().map(\.event)
        #expect(!stored.contains { $0.kind == .settingChanged })
        #expect(!stored.contains { $0.kind == .eventRetracted && (try? $0.decode(EventRetracted.self).target) == own.id })

        let asked = try BundleImporter(ledger: receiver.ledger, acceptance: .init(foreignAmendments: true, settings: true))
            .run(expectedSigner: nil) { MemoryStream(bytes) }
        #expect(asked.appended == 2, "asked for, the retraction and the setting are taken")
        #expect(asked.skippedTotal == 0)
    }

    /// A token brought by a bundle would open this vault's listener to whoever holds its text.
    @Test func aBundleNeverBringsAListenerTokenOrADelivery() throws {
        let receiver = try BundleFixture(empty: true)
        let importer = BundleImporter(ledger: receiver.ledger, acceptance: .init(foreignAmendments: true, settings: true))
        let at = BundleFixture.time(1)
        for event in [
            Event(IngestTokenAdded(token: "3f9a0c1d", name: "forger", hash: String(repeating: "ab", count: 32)), start: at, utcOffset: 0),
            Event(IngestTokenRevoked(token: "3f9a0c1d"), start: at, utcOffset: 0),
            Event(DeliveryReceived(channel: "listener", name: "forger", readings: 1, stored: 1, apps: [:]), start: at, utcOffset: 0),
        ] {
            let refusal = try importer.refusal(of: event, brought: [])
            #expect(refusal?.hasPrefix("\(event.kind.rawValue): refused") == true, "\(event.kind.rawValue): \(refusal ?? "taken")")
        }
        #expect(try importer.refusal(of: Event(MoodRated(rating: 3), start: at, utcOffset: 0), brought: []) == nil)
    }
}
