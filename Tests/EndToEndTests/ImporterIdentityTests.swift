import Foundation
import Testing
import TestSupport

/// An imported row's id covers everything that makes it distinct: rows that differ are all
/// stored, the same row is stored once, and a changed definition is a new version that wins.
@Suite struct ImporterIdentityTests {
    static let doseHeader = #""Name","Normal Dosage","Frequency","Started On","Started On Time Zone","Notes","Definition Source","Record Screen Index","Dosage","Timestamp","Time Zone","Instance Source""#

    static func doseRow(_ dosage: String) -> String {
        #""Ibuprofen","200 mg","","Wednesday, January 10, 2024 at 12:00:00 AM Central European Standard Time","Europe/Paris","","Introspective","","\#(dosage)","Monday, January 15, 2024 at 5:12:00 PM Central European Standard Time","Europe/Paris","Introspective""#
    }

    static func write(_ lines: [String], _ name: String, in vault: CLIVault) throws -> String {
        let path = vault.root + "/" + name
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func doses(_ vault: CLIVault) throws -> [Double?] {
        try vault.rawEvents().filter { $0["kind"] as? String == "dose.taken" }.map { event in
            ((event["payload"] as! [String: Any])["dosage"] as? [String: Any])?["amount"] as? Double
        }
    }

    @Test func twoIntrospectiveDosesInOneMinuteWithDifferentDosagesAreBothStored() throws {
        let vault = try CLIVault()
        let file = try Self.write([Self.doseHeader, Self.doseRow("400 mg"), Self.doseRow("200 mg")], "doses.csv", in: vault)
        try vault.ok(["import", "introspective", file])
        #expect(try Self.doses(vault).sorted { ($0 ?? 0) < ($1 ?? 0) } == [200, 400])
        let again = try vault.ok(["import", "introspective", file])
        #expect(try Self.doses(vault).count == 2, "the same rows are stored once: \(again)")

        let copy = vault.root + "/exported.csv"
        try vault.ok(["export", "medications", copy])
        let fresh = try CLIVault()
        try fresh.ok(["import", "introspective", copy])
        #expect(try Self.doses(fresh).count == 2, "an export read back keeps both doses")
    }

    static let easyPillHeader = "Pill name,Notes,Dosage,Frequency,How many times per day,How many days,Starting,Ending,Completed,Doses taken,Taking consistency,Quantity per dose,Current quantity,Required quantity,Pills will last until"

    @Test func aChangedEasyPillDefinitionIsANewVersionThatWins() throws {
        let vault = try CLIVault()
        let before = try Self.write([Self.easyPillHeader, "Ibuprofen,,200mg,daily,1,10,1/10/24,1/20/24,5%,3,30%,,,,"], "before.csv", in: vault)
        let after = try Self.write([Self.easyPillHeader, "Ibuprofen,,400mg,daily,1,10,1/10/24,1/20/24,5%,3,30%,,,,"], "after.csv", in: vault)
        try vault.ok(["import", "easypill", before, "--zone", "Europe/Paris"])
        try vault.ok(["import", "easypill", before, "--zone", "Europe/Paris"])
        try vault.ok(["import", "easypill", after, "--zone", "Europe/Paris"])
        let definitions = try vault.rawEvents().filter { $0["kind"] as? String == "medication.defined" }.map { event in
            (((event["payload"] as! [String: Any])["defaultDosage"] as! [String: Any])["amount"] as! Double)
        }
        #expect(definitions == [200, 400], "both versions are kept, the same one once")
        try vault.ok(["take", "Ibuprofen", "--at", "2024-01-12T08:00:00+01:00"])
        #expect(try Self.doses(vault) == [400], "the latest definition is in force")
    }

    @Test func anATrackerTagJoinedWithABarIsTwoTags() throws {
        let vault = try CLIVault()
        let file = try Self.write([
            "Task name, Task description, Start time, End time, TimeDuration,TimeDuration in hours, Note, Tag",
            #""Running","","2024-01-15 07:00","2024-01-15 07:40","00:40:00",0.67,"","Health|Sport""#,
        ], "atracker.csv", in: vault)
        try vault.ok(["import", "atracker", file, "--zone", "Europe/Paris"])
        let payloads = try vault.rawEvents().map { $0["payload"] as! [String: Any] }
        #expect(payloads.compactMap { $0["tags"] as? [String] } == [["Health", "Sport"], ["Health", "Sport"]])
        let sport = try vault.ok(["query", #"activity where tags contains "Sport""#, "--format", "csv"])
        #expect(sport.split(separator: "\n").count == 2, "\(sport)")
    }
}
