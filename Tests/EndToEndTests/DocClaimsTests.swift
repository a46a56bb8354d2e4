import Foundation
import Testing
import TestSupport

/// What README, SECURITY.md and docs/query.md say, run as a person reading them would.
@Suite struct DocClaimsTests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// docs/query.md's example, on a vault whose doses have no note: a documented field is a
    /// field whatever the data holds.
    @Test func theDocumentedDoseQueryRunsWhereNoDoseHasANote() throws {
        let vault = try CLIVault()
        try vault.ok(["take", "Ibuprofen", "200mg", "--new", "--at", "2026-03-02T21:00:00+01:00"])
        try vault.ok(["take", "Ibuprofen", "200mg", "--at", "2026-03-03T09:00:00+01:00"])
        let rows = try vault.ok(["query", #"dose where medication = "Ibuprofen" and (note contains "headache" or hour >= 20)"#, "--format", "csv"])
        let lines = rows.split(separator: "\n")
        try #require(lines.count == 2, "the evening dose only: \(rows)")
        #expect(lines[1].contains("2026-03-02"), "\(rows)")
        let empty = try CLIVault()
        #expect(try empty.run(["query", "mood where note contains \"tired\" and tags contains \"work\""]).status == 0, "an empty vault knows mood's fields too")
    }

    /// A query error says the language in a line: a binary install has no docs/query.md.
    @Test func aQueryErrorExplainsTheLanguageItself() throws {
        let vault = try CLIVault()
        let typo = try vault.run(["query", "mood where ratng < 3"])
        #expect(typo.status == 65)
        #expect(!typo.stderr.contains("docs/query.md"), "\(typo.stderr)")
        #expect(typo.stderr.contains("[by hour|day|week|month] [where CONDITION]") && typo.stderr.contains("healthledger query --help"), "\(typo.stderr)")
        // The help the error sends a person to says the grammar too, not only examples and a path.
        let help = try CLI.run(["query", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("[by hour|day|week|month] [where CONDITION]"), "\(help)")
        #expect(help.contains("within 30m after activity"), "\(help)")
    }

    /// SECURITY.md: every plaintext export says so on stderr before it writes.
    @Test(arguments: [["export", "daily", "DIR", "--from", "2026-03-01", "--to", "2026-03-02"], ["export", "moods", "DIR-moods.csv"]])
    func aPlaintextExportWarnsOnStderr(command: [String]) throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "6", "--at", "2026-03-01T10:00:00+01:00"])
        let result = try vault.run(command.map { $0.replacingOccurrences(of: "DIR", with: vault.root + "/out") })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("will hold your health records in plaintext"), "\(command): \(result.stderr)")
    }

    /// README: `export daily` imported back into an empty vault gives back ShareHealth's columns,
    /// and says of each of the ledger's own columns that a bundle moves those events.
    @Test func exportDailyImportedBackSaysWhatItCannotKeep() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "6", "--at", "2026-03-01T10:00:00+01:00"])
        try vault.ok(["weigh", "72.4kg", "--at", "2026-03-01T08:00:00+01:00"])
        let folder = vault.root + "/daily"
        try vault.ok(["export", "daily", folder, "--from", "2026-03-01", "--to", "2026-03-01"])
        let empty = try CLIVault()
        let summary = try Self.json(empty.ok(["import", "sharehealth", folder, "--json", "--zone", "Europe/Paris"]))
        let reasons = (summary["skips"] as? [[String: Any]] ?? []).compactMap { $0["reason"] as? String }
        let mood = try #require(reasons.first { $0.contains("Mood [Avg]") }, "\(reasons)")
        #expect(mood.contains("the ledger's own column") && mood.contains("`export bundle`, then `import bundle`"), "\(mood)")
        #expect(!reasons.contains { $0.hasPrefix("column not recognised") }, "every column export daily writes is known: \(reasons)")
        let daily = try empty.ok(["daily", "--from", "2026-03-01", "--to", "2026-03-01", "--csv"]).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let column = try #require(daily[0].firstIndex { $0.hasPrefix("Weight & Body Mass") }, "\(daily[0])")
        try #require(daily.count == 2, "\(daily)")
        #expect(Double(daily[1][column]) == 72.4, "\(daily[1][column])")
    }
}
