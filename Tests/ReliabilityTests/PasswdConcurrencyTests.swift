import Foundation
import Testing
import TestSupport

/// `passwd` changes `vault.json` alone: two at once take turns (before, both reported
/// success through one shared temporary file and only one passphrase opened the vault),
/// and a failed one leaves neither a temporary file nor a changed header.
@Suite struct PasswdConcurrencyTests {
    static func leftovers(in vault: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: vault).filter { $0.hasSuffix(".tmp") }
    }

    @Test func twoPasswdAtOnceTakeTurnsAndOnlyTheOneThatSucceededSetThePassphrase() throws {
        let vault = try CLIVault()
        let newFiles = try (1...2).map { number in
            let file = vault.root + "/new-\(number)"
            try writeSecret("new passphrase \(number)\n", toFile: file)
            return file
        }
        let running = try newFiles.map { file in
            try CLI.start(["passwd", "--vault", vault.path, "--passphrase-file", vault.passphraseFile, "--new-passphrase-file", file])
        }
        let results = running.map { run in
            try? run.input.fileHandleForWriting.close()
            let errors = String(decoding: CLI.drain(run.errors.fileHandleForReading), as: UTF8.self)
            _ = CLI.drain(run.output.fileHandleForReading)
            run.process.waitUntilExit()
            return (status: run.process.terminationStatus, errors: errors)
        }
        #expect(results.map(\.status).sorted() == [0, 77], "exactly one succeeds; the other's current passphrase no longer opens: \(results)")
        let opens = newFiles.map { file in (try? CLI.run(["log", "--vault", vault.path, "--passphrase-file", file]).status) == 0 }
        for (result, opened) in zip(results, opens) {
            #expect((result.status == 0) == opened, "the passphrase of the passwd that reported success opens the vault: \(results), \(opens)")
        }
        #expect(try CLI.run(["log", "--vault", vault.path, "--passphrase-file", vault.passphraseFile]).status == 77)
        #expect(try Self.leftovers(in: vault.path).isEmpty)
    }

    @Test(.enabled(if: DiskFullTests.SmallDisk.available, "mounting a 1 MB tmpfs needs root"))
    func passwdOnAFullDiskExits75AndLeavesNothingBehind() throws {
        let disk = try DiskFullTests.SmallDisk(megabytes: 1)
        let passphrase = disk.mountPoint + "/passphrase"
        let newPassphrase = disk.mountPoint + "/new"
        try writeSecret("e2e passphrase\n", toFile: passphrase)
        try writeSecret("a new passphrase\n", toFile: newPassphrase)
        let vault = disk.mountPoint + "/vault"
        try #require(try CLI.run(["init", "--kdf", "interactive", "--vault", vault, "--passphrase-file", passphrase]).status == 0)
        let header = try Data(contentsOf: URL(fileURLWithPath: vault + "/vault.json"))
        // Fill what is left of the disk.
        let filler = disk.mountPoint + "/filler"
        FileManager.default.createFile(atPath: filler, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: filler))
        let block = Data(count: 4096)
        while (try? handle.write(contentsOf: block)) != nil {}
        try? handle.close()

        let full = try CLI.run(["passwd", "--vault", vault, "--passphrase-file", passphrase, "--new-passphrase-file", newPassphrase])
        #expect(full.status == 75, "exit \(full.status): \(full.stderr)")
        #expect(full.stderr.contains("the disk is full"), "\(full.stderr)")
        #expect(try Self.leftovers(in: vault).isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: vault + "/vault.json")) == header)

        try FileManager.default.removeItem(atPath: filler)
        #expect(try CLI.run(["passwd", "--vault", vault, "--passphrase-file", passphrase, "--new-passphrase-file", newPassphrase]).status == 0)
        #expect(try CLI.run(["log", "--vault", vault, "--passphrase-file", newPassphrase]).status == 0)
    }
}
