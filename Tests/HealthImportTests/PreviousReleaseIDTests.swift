import Foundation
import LedgerCore
import LedgerStore
import Testing
import TestSupport
@testable import HealthImport

/// Issue 39, case 1: ids cover what tells records apart, and a vault imported by the
/// previous release (e03eaa4) gains exactly the records it lost.
///
/// The previous release's id rule is kept here, as it was: a record's attributes; an
/// element's name and attributes. It stored the first record of each id in document order
/// and counted the others as already stored.
@Suite struct PreviousReleaseIDTests {
    static let export = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/apple-health-cases/distinct-records/export.xml").path

    /// e03eaa4's `RecordEvents.id`.
    static func previousRecordID(_ identity: ImportIdentity, type: String, value: Double, unit: String, start: String, creation: String) -> EventID {
        var canonical = CanonicalBytes(UInt8(ascii: "R"))
        canonical.append(type)
        canonical.append("Nutrino")
        canonical.append("1.4")
        canonical.append(nil as String?)
        canonical.append(unit)
        canonical.append(value)
        canonical.append(date(start))
        canonical.append(date(start))
        canonical.append(date(creation))
        return identity.id(canonical.bytes)
    }

    /// e03eaa4's `ElementEvents.id` for the fixture's food correlations.
    static func previousCorrelationID(_ identity: ImportIdentity, start: String, creation: String) -> EventID {
        var canonical = CanonicalBytes(UInt8(ascii: "E"))
        canonical.append("Correlation")
        let attributes = [
            "creationDate": creation, "endDate": start, "sourceName": "Nutrino", "sourceVersion": "1.4", "startDate": start,
            "type": "HKCorrelationTypeIdentifierFood",
        ]
        for key in attributes.keys.sorted() {
            canonical.append(key)
            canonical.append(attributes[key])
        }
        return identity.id(canonical.bytes)
    }

    static func date(_ text: String) -> Timestamp {
        var text = text
        return text.withUTF8 { ExportDate.parse($0)!.timestamp }
    }

    static func importExport(_ path: String, into ledger: Ledger) throws -> ImportSummary {
        try AppleHealthImporter(ledger: ledger).run(path: path)
    }

    static func stored(_ ledger: Ledger) throws -> [Event] {
        var events: [Event] = []
        try ledger.forEach { events.append($0.event); return true }
        return events
    }

    @Test func theFirstRecordOfEachOldIDKeepsItAndTheOnesItHidGetTheirOwn() throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        let identity = ImportIdentity(ledger: ledger)
        let summary = try Self.importExport(Self.export, into: ledger)
        #expect(summary.appended == 5)
        let events = try Self.stored(ledger)
        let ids = Set(events.map(\.id))
        let creation = "2017-11-11 21:12:40 +0200", lunch = "2017-11-11 13:00:00 +0200"
        let energy = "HKQuantityTypeIdentifierDietaryEnergyConsumed"
        let oatmeal = Self.previousRecordID(identity, type: energy, value: 1053, unit: "kcal", start: "2017-11-11 08:00:00 +0200", creation: creation)
        let meal = Self.previousRecordID(identity, type: energy, value: 690, unit: "kcal", start: lunch, creation: creation)
        let correlation = Self.previousCorrelationID(identity, start: lunch, creation: creation)
        #expect(ids.isSuperset(of: [oatmeal, meal, correlation]), "the first of each old id keeps it")
        let salad = try #require(events.first { $0.id == meal })
        #expect(try salad.decode(SampleRecorded.self).metadata["HKFoodType"] == "Black Bean Salad")
        let saladMeal = try #require(events.first { $0.id == correlation })
        #expect(try saladMeal.decode(CorrelationRecorded.self).metadata["HKFoodType"] == "Black Bean Salad")
    }

    @Test func aVaultOfThePreviousReleaseGainsExactlyTheRecordsItLost() throws {
        let vault = try ScratchVault()
        let ledger = try vault.ledger
        let identity = ImportIdentity(ledger: ledger)
        // What the previous release stored from this export: the first record of each of
        // its ids, under that id.
        let creation = "2017-11-11 21:12:40 +0200", lunch = "2017-11-11 13:00:00 +0200"
        let energy = "HKQuantityTypeIdentifierDietaryEnergyConsumed"
        let source = Source(name: "Nutrino", version: "1.4")
        let meal = { (value: Double, start: String, food: String) in
            Event(
                SampleRecorded(type: energy, value: value, unit: "kcal", metadata: ["HKFoodType": food]),
                id: Self.previousRecordID(identity, type: energy, value: value, unit: "kcal", start: start, creation: creation),
                start: Self.date(start), end: Self.date(start), utcOffset: 7200, source: source)
        }
        let correlation = Event(
            CorrelationRecorded(
                type: "HKCorrelationTypeIdentifierFood",
                samples: [CorrelatedSample(type: energy, value: 690, unit: "kcal"), CorrelatedSample(type: "HKQuantityTypeIdentifierDietaryProtein", value: 31, unit: "g")],
                metadata: ["HKExternalUUID": "5B1D0C64-5E0B-4C8B-9C4F-0F1B7A1E0001", "HKFoodType": "Black Bean Salad"]),
            id: Self.previousCorrelationID(identity, start: lunch, creation: creation), start: Self.date(lunch), end: Self.date(lunch),
            utcOffset: 7200, source: source)
        let previous = [meal(1053, "2017-11-11 08:00:00 +0200", "Oatmeal"), meal(690, lunch, "Black Bean Salad"), correlation]
        _ = try ledger.append(previous)
        let summary = try Self.importExport(Self.export, into: ledger)
        #expect(summary.appended == 2, "the bagel and its correlation")
        #expect(summary.duplicates == 3)
        let foods = try Self.stored(ledger).dropFirst(3).map { event in
            event.kind == .correlationRecorded ? try event.decode(CorrelationRecorded.self).metadata["HKFoodType"] : try event.decode(SampleRecorded.self).metadata["HKFoodType"]
        }
        #expect(foods == ["Bagel, Lox And Avocado", "Bagel, Lox And Avocado"])
        let again = try Self.importExport(Self.export, into: ledger)
        #expect(again.appended == 0)
        #expect(again.duplicates == 5)
    }
}
