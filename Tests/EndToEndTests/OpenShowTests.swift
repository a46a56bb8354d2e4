import Foundation
import Testing
import TestSupport

/// `open BUNDLE --show FILE [--out PATH]`: one verified file of a bundle.
@Suite struct OpenShowTests {
    @Test func oneFileGoesToStandardOutputOrToAPathExactlyAsExtracted() throws {
        let scene = try BundleScene(days: 3)
        let bundle = try scene.export()
        let folder = scene.root + "/all"
        #expect(try CLI.run(["open", bundle, "--identity", scene.identity, "--extract", folder]).status == 0)
        let manifest = try CLI.run(["open", bundle, "--identity", scene.identity, "--show", "manifest.json"])
        #expect(manifest.status == 0, "\(manifest.stderr)")
        #expect(manifest.stdout == (try String(contentsOfFile: folder + "/manifest.json", encoding: .utf8)), "the file and nothing else on standard output")
        let pdf = try CLI.run(["open", bundle, "--identity", scene.identity, "--show", "report.pdf"])
        #expect(pdf.status == 0)
        #expect(pdf.stdout.hasPrefix("%PDF-"))
        let out = scene.root + "/report.pdf"
        let written = try CLI.run(["open", bundle, "--identity", scene.identity, "--show", "report.pdf", "--out", out])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("verified; wrote report.pdf"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == (try Data(contentsOf: URL(fileURLWithPath: folder + "/report.pdf"))))
        let again = try CLI.run(["open", bundle, "--identity", scene.identity, "--show", "report.pdf", "--out", out])
        #expect(again.status == 65, "an existing file is never replaced")
        #expect(again.stderr.contains("already exists"))
    }

    /// `open BUNDLE --show report.pdf` typed at a terminal: the PDF (all UTF-8 in its first
    /// kilobytes) is refused with what to do; a text file is shown.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs util-linux's script for a terminal"))
    func aPDFIsNotWrittenToATerminal() throws {
        let scene = try BundleScene(days: 2)
        let bundle = try scene.export()
        func onTerminal(_ file: String) throws -> CLI.Result {
            // script gives the command a terminal as its standard output (and error).
            try CLI.run(["-qec", "\(CLI.binary) open \(bundle) --identity \(scene.identity) --show \(file)", "/dev/null"], executable: "/usr/bin/script")
        }
        let pdf = try onTerminal("report.pdf")
        #expect(pdf.status == 65, "\(pdf.stdout)")
        #expect(pdf.stdout.contains("report.pdf is not text, so it is not written to the terminal: add --out FILE"), "\(pdf.stdout)")
        #expect(!pdf.stdout.contains("%PDF-"), "no PDF bytes on the terminal")
        let manifest = try onTerminal("manifest.json")
        #expect(manifest.status == 0, "\(manifest.stdout)")
        #expect(manifest.stdout.contains("\"format\":\"healthledger-bundle\""), "\(manifest.stdout)")
    }

    @Test func aFileTheBundleDoesNotHoldIsNamedWithWhatItHolds() throws {
        let scene = try BundleScene(days: 2)
        let missing = try CLI.run(["open", try scene.export(), "--identity", scene.identity, "--show", "report.docx"])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("holds no file report.docx"))
        #expect(missing.stderr.contains("report.pdf") && missing.stderr.contains("fhir/bundle.json"))
        #expect(missing.stdout.isEmpty)
    }

    @Test func aDamagedBundleShowsNothingAndWritesNothing() throws {
        let scene = try BundleScene(days: 10)
        let bundle = try scene.export()
        let damaged = scene.root + "/damaged.age"
        try Data(try BundleTests.Damage.middleChunk.apply(try [UInt8](Data(contentsOf: URL(fileURLWithPath: bundle))))).write(to: URL(fileURLWithPath: damaged))
        let shown = try CLI.run(["open", damaged, "--identity", scene.identity, "--show", "events.jsonl"])
        #expect(shown.status == 21)
        #expect(shown.stdout.isEmpty, "no unverified byte reaches standard output")
        let out = scene.root + "/events.jsonl"
        #expect(try CLI.run(["open", damaged, "--identity", scene.identity, "--show", "events.jsonl", "--out", out]).status == 21)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aSymbolicLinkAtOutIsRefusedAndLeftInPlaceEvenWhenItLeadsNowhere() throws {
        let scene = try BundleScene(days: 1)
        let bundle = try scene.export()
        let out = scene.root + "/report.pdf"
        let target = scene.root + "/nowhere/target.pdf"
        try FileManager.default.createSymbolicLink(atPath: out, withDestinationPath: target)
        let refused = try CLI.run(["open", bundle, "--identity", scene.identity, "--show", "report.pdf", "--out", out])
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("already exists"), "\(refused.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out) == target, "the link it refused is still there")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func outWithoutShowOrShowWithExtractIsAUsageError() throws {
        let scene = try BundleScene(days: 1)
        let bundle = try scene.export()
        #expect(try CLI.run(["open", bundle, "--identity", scene.identity, "--out", scene.root + "/x"]).status == 64)
        #expect(try CLI.run(["open", bundle, "--identity", scene.identity, "--show", "report.pdf", "--extract", scene.root + "/d"]).status == 64)
    }
}
