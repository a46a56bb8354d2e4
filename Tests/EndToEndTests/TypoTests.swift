import Foundation
import Testing
import TestSupport

/// Mistakes a person makes on purpose in their first hour are refused, not stored for ever.
@Suite struct TypoTests {
    @Test func anUnknownFieldIsRefusedWithTheKnownOnesUnlessForced() throws {
        let vault = try CLIVault()
        let colour = try vault.run(["append", "mood.rated", "rating=7", "colour=blue"])
        #expect(colour.status == 65)
        #expect(colour.stderr.contains("mood.rated has no field colour; its fields: rating, scaleMin, scaleMax, note, tags"), "\(colour.stderr)")
        #expect(colour.stderr.contains("--force"), "\(colour.stderr)")
        #expect(try vault.rawEvents().isEmpty, "nothing stored")
        try vault.ok(["append", "mood.rated", "rating=7", "colour=blue", "--force"])
        #expect(try vault.rawEvents().count == 1)

        let id = try ShortIDTests.label(vault.ok(["mood", "5"])).short
        let ratin = try vault.run(["correct", id, "ratin=6"])
        #expect(ratin.status == 65)
        #expect(ratin.stderr.contains("no field ratin (did you mean rating?)"), "\(ratin.stderr)")
        let dosage = try vault.run(["append", "dose.taken", "medication=Ibuprofen", "dosage.amount=200", "dosage.unt=mg"])
        #expect(dosage.status == 65)
        #expect(dosage.stderr.contains("dosage.unt (did you mean dosage.unit?)"), "\(dosage.stderr)")
    }

    /// A JSONL line and a bundle's event are payloads typed elsewhere: the same refusal, naming the line.
    @Test func anUnknownFieldInJSONLOrABundleIsRefusedUnlessForced() throws {
        let vault = try CLIVault()
        let lines = """
            {"kind":"mood.rated","id":"ffeeddccbbaa99887766554433221100","start":"2026-03-01T08:00:00Z","payload":{"rating":6}}
            {"kind":"mood.rated","id":"00112233445566778899aabbccddeeff","start":"2026-03-01T09:00:00Z","payload":{"rating":7,"colour":"blue"}}

            """
        let refused = try vault.run(["append", "--jsonl", "-"], stdin: lines)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("- line 2: mood.rated has no field colour; its fields: rating, scaleMin, scaleMax, note, tags"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(refused.stderr.contains("0 events from - are stored"), "\(refused.stderr)")
        #expect(try vault.rawEvents().isEmpty)
        try vault.ok(["append", "--jsonl", "-", "--force"], stdin: lines)
        #expect(try vault.rawEvents().count == 2, "both lines are stored")

        // That vault's bundle, with the forced field, into an empty vault.
        let secret = vault.root + "/bundle-passphrase"
        try writeSecret("for the other vault\n", toFile: secret)
        let bundle = vault.root + "/b.age"
        try vault.ok(["export", "bundle", "--out", bundle, "--bundle-passphrase-file", secret])
        let other = try CLIVault()
        let skipped = try JSONSerialization.jsonObject(with: Data(other.ok(["import", "bundle", bundle, "--bundle-passphrase-file", secret, "--json"]).utf8)) as! [String: Any]
        let reasons = (skipped["skips"] as? [[String: Any]] ?? []).compactMap { $0["reason"] as? String }
        #expect(skipped["skipped"] as? Int == 1 && reasons.contains { $0.contains("mood.rated has no field colour") && $0.contains("--force") }, "\(skipped)")
        #expect(try other.rawEvents().count == 1, "the other event is stored")
        let forced = try JSONSerialization.jsonObject(with: Data(other.ok(["import", "bundle", bundle, "--bundle-passphrase-file", secret, "--force", "--json"]).utf8)) as! [String: Any]
        #expect(forced["stored"] as? Int == 1, "\(forced)")
    }

    @Test func aCorrectionThatChangesNothingIsRefusedAndCorrectTakesNoTime() throws {
        let vault = try CLIVault()
        let id = try ShortIDTests.label(vault.ok(["mood", "6"])).short
        let same = try vault.run(["correct", id, "rating=6"])
        #expect(same.status == 65)
        #expect(same.stderr.contains("this correction changes nothing"), "\(same.stderr)")
        let nothing = try vault.run(["correct", id])
        #expect(nothing.status == 65)
        let moved = try vault.run(["correct", id, "--at", "yesterday 10:00"])
        #expect(moved.status == 64, "correct offers no --at that would change nothing: \(moved.stderr)")
        #expect(try vault.rawEvents().count == 1)
    }

    @Test func aReusedIDWithOtherContentShowsBoth() throws {
        let vault = try CLIVault()
        let id = "00112233445566778899aabbccddeeff"
        try vault.ok(["mood", "6", "--id", id])
        let other = try vault.run(["mood", "8", "--id", id])
        #expect(other.status == 65)
        #expect(other.stderr.contains("already stored as #0 00112233 mood.rated rating=6"), "\(other.stderr)")
        #expect(other.stderr.contains("not mood.rated rating=8"), "\(other.stderr)")
        #expect(try vault.ok(["mood", "6", "--id", id]).contains("1 already stored (same id): skipped"))
    }

    @Test func aMedicationOrActivityALetterOffIsRefusedAndANewOneSaidToBeNew() throws {
        let vault = try CLIVault()
        try vault.ok(["append", "medication.defined", "name=Ibuprofen", "defaultDosage.amount=200", "defaultDosage.unit=mg"])
        let typo = try vault.run(["take", "Ibuprofn"])
        #expect(typo.status == 65)
        #expect(typo.stderr.contains("did you mean 'Ibuprofen'?"), "\(typo.stderr)")
        #expect(typo.stderr.contains("--new"), "\(typo.stderr)")
        #expect(try vault.rawEvents().count == 1, "nothing stored")
        #expect(try vault.ok(["take", "ibuprofen"]).contains("dose.taken medication='ibuprofen' dosage"), "a known name in another case takes its default dosage")
        let new = try vault.ok(["take", "Melatonin", "3mg"])
        #expect(new.contains("'Melatonin' is a new medication"), "\(new)")
        #expect(!(try vault.ok(["take", "Melatonin", "3mg"])).contains("new medication"), "known once taken")
        #expect(try vault.ok(["take", "Ibuprofn", "--new", "1 g"]).contains("new medication"))

        try vault.ok(["append", "activity.defined", "name=Reading"])
        let activity = try vault.run(["start", "Readng"])
        #expect(activity.status == 65)
        #expect(activity.stderr.contains("did you mean 'Reading'?"), "\(activity.stderr)")
        #expect(try vault.ok(["start", "Gardening"]).contains("'Gardening' is not a defined activity"))
    }

    @Test func aMissingFieldSaysItIsRequired() throws {
        let vault = try CLIVault()
        let missing = try vault.run(["append", "mood.rated", "note=tired"])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("mood.rated: rating is required"), "\(missing.stderr)")
        #expect(!missing.stderr.contains("= nothing"), "\(missing.stderr)")
    }
}
