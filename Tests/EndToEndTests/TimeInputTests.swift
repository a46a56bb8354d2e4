import Foundation
import Testing
import TestSupport

/// Times and amounts as people type them: errors name the flag, the future needs asking for.
@Suite struct TimeInputTests {
    @Test func aTimeInTheFutureNeedsFuture() throws {
        let vault = try CLIVault()
        let nextYear = Calendar(identifier: .gregorian).component(.year, from: Date()) + 1
        let ahead = try vault.run(["mood", "7", "--at", "\(nextYear)-01-01"])
        #expect(ahead.status == 65)
        #expect(ahead.stderr.contains("--at \(nextYear)-01-01 is in the future"), "\(ahead.stderr)")
        #expect(ahead.stderr.contains("--future"), "\(ahead.stderr)")
        #expect(try vault.rawEvents().isEmpty)
        try vault.ok(["mood", "7", "--at", "\(nextYear)-01-01", "--future"])
        #expect(try vault.rawEvents().count == 1)
    }

    @Test func aBareClockTimeIsNeverAhead() throws {
        let vault = try CLIVault()
        // A minute from now, as a clock time: its last occurrence is yesterday's.
        let soon = Date().addingTimeInterval(120)
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        let stored = try vault.ok(["mood", "7", "--at", formatter.string(from: soon)])
        let event = try #require(try vault.rawEvents().first)
        let start = try #require(event["start"] as? String)
        let parsed = try #require(ISO8601DateFormatter().date(from: start), "\(stored)")
        #expect(parsed < Date() && parsed > Date().addingTimeInterval(-86_400), "\(start)")
    }

    @Test func eachTimeErrorNamesItsFlagAndTheFormToWrite() throws {
        let vault = try CLIVault()
        let slashes = try vault.run(["mood", "7", "--at", "31/12/2025"])
        #expect(slashes.status == 65)
        #expect(slashes.stderr.contains("--at '31/12/2025' is a date written with slashes: write it year first, as 2025-12-31"), "\(slashes.stderr)")
        let end = try vault.run(["append", "mood.rated", "rating=3", "--at", "2026-01-01T10:00:00Z", "--end", "soonish"])
        #expect(end.status == 65)
        #expect(end.stderr.contains("--end 'soonish'"), "\(end.stderr)")
    }

    @Test func aDecimalCommaIsReadWhereItIsUnambiguous() throws {
        let vault = try CLIVault()
        #expect(try vault.ok(["weigh", "72,4kg"]).contains("value=72.4"))
        let thousands = try vault.run(["take", "Aspirin", "--new", "1,500", "mg"])
        #expect(thousands.status == 65)
        #expect(thousands.stderr.contains("could mean 1.500 or 1500"), "\(thousands.stderr)")
    }
}
