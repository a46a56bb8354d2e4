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

    /// `--ttl 15` and `--ago 20` are durations: the error names the flag and a duration's forms,
    /// not the dates `--at` takes.
    @Test(arguments: [(["unlock", "--ttl", "15"], "--ttl '15' needs a unit after 15"), (["start", "Reading", "--ago", "20"], "--ago '20' needs a unit after 20"),
                      (["unlock", "--ttl", "15x"], "--ttl '15x' has an unknown unit 'x'")])
    func eachDurationErrorNamesItsFlagAndTheFormsOfADuration(arguments: [String], said: String) throws {
        let vault = try CLIVault()
        let refused = try vault.run(arguments)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains(said), "\(refused.stderr)")
        #expect(refused.stderr.contains("a duration is a number and a unit: 90s, 20m, 1h30m"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("yesterday"), "a duration takes no date: \(refused.stderr)")
        #expect(try vault.rawEvents().isEmpty)
    }

    @Test func aDecimalCommaIsReadWhereItIsUnambiguous() throws {
        let vault = try CLIVault()
        #expect(try vault.ok(["weigh", "72,4kg"]).contains("value=72.4"))
        let thousands = try vault.run(["take", "Aspirin", "--new", "1,500", "mg"])
        #expect(thousands.status == 65)
        #expect(thousands.stderr.contains("could mean 1.500 or 1500"), "\(thousands.stderr)")
        // A rating and a meal's figures took only a point: `mood 6,5` was "invalid for <rating>".
        #expect(try vault.ok(["mood", "6,5"]).contains("rating=6.5"))
        #expect(try vault.ok(["eat", "Toast", "--kcal", "250,5", "--protein", "7,25"]).contains("kcal=250.5"))
        let kcal = try vault.run(["eat", "Toast", "--kcal", "1,500"])
        #expect(kcal.status == 64 && kcal.stderr.contains("could mean 1.500 or 1500"), "\(kcal.stderr)")
        #expect(try vault.rawEvents().count == 3, "the weight, the mood and the first toast")
    }
}
