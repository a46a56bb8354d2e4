import Foundation
import Testing
import TestSupport

/// Two processes importing into one vault at once: LMDB orders their commits, and each one
/// sees the other's stored ids at the start of its every commit, so each record is stored once.
@Suite struct ConcurrentImportTests {
    @Test func twoImportsOfOneExportAtOnceStoreEachRecordOnce() throws {
        let together = try CLIVault()
        let file = together.root + "/export.xml"
        try ImportResumeTests.export(records: 20_000, to: file)
        let arguments = ["import", "apple-health", file, "--vault", together.path, "--passphrase-file", together.passphraseFile, "--json"]
        let imports = try [CLI.start(arguments), CLI.start(arguments)]
        var stored = 0, alreadyStored = 0
        for running in imports {
            let output = CLI.drain(running.output.fileHandleForReading)
            let errors = String(decoding: CLI.drain(running.errors.fileHandleForReading), as: UTF8.self)
            running.process.waitUntilExit()
            #expect(running.process.terminationStatus == 0, "\(errors)")
            let summary = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
            stored += try #require(summary["stored"] as? Int)
            alreadyStored += try #require(summary["alreadyStored"] as? Int)
        }
        #expect(stored == 20_000)
        #expect(alreadyStored == 20_000)

        let alone = try CLIVault()
        try alone.ok(["import", "apple-health", file])
        #expect(try ImportResumeTests.contents(together).sorted() == ImportResumeTests.contents(alone).sorted())
    }
}
