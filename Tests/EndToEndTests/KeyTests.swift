import Foundation
import Testing
import TestSupport

@Suite struct KeyTests {
    /// Every byte of every file in the vault folder.
    static func snapshot(_ path: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            files[name] = FileManager.default.contents(atPath: path + "/" + name)
        }
        return files
    }

    @Test func aWrongPassphraseGetsItsOwnExitCodeAndChangesNothing() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "5"])
        let before = try Self.snapshot(vault.path)
        let wrong = vault.root + "/wrong"
        try writeSecret("not the passphrase\n", toFile: wrong)
        for command in [["mood", "6"], ["log"], ["audit"], ["passwd", "--new-passphrase-file", wrong]] {
            let result = try CLI.run(command + ["--vault", vault.path, "--passphrase-file", wrong])
            #expect(result.status == 77, "\(command)")
            #expect(result.stderr.contains("wrong passphrase"))
            #expect(result.stderr.contains("not the passphrase") == false, "the secret never appears in errors")
        }
        #expect(try Self.snapshot(vault.path) == before)
    }

    @Test func passwdRewrapsAndTheRecoveryCodeStillOpens() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "5"])
        let lines = vault.initOutput.split(separator: "\n")
        let code = try #require(lines.firstIndex { $0.hasPrefix("Recovery code") }.map { lines[$0 + 1].trimmingCharacters(in: .whitespaces) })
        let newPassphrase = vault.root + "/new"
        try writeSecret("a brand new passphrase\n", toFile: newPassphrase)
        try vault.ok(["passwd", "--new-passphrase-file", newPassphrase, "--kdf", "interactive"])
        #expect(try vault.run(["log"]).status == 77, "the old passphrase no longer opens")
        let withNew = try CLI.run(["log", "--vault", vault.path, "--passphrase-file", newPassphrase])
        #expect(withNew.status == 0)
        #expect(withNew.stdout.contains("mood.rated"))
        let codeFile = vault.root + "/code"
        try writeSecret(code.lowercased(), toFile: codeFile)
        let withCode = try CLI.run(["log", "--vault", vault.path, "--recovery-code-file", codeFile])
        #expect(withCode.status == 0, "\(withCode.stderr)")
    }

    @Test func aKeyfileSlotOpensTheVault() throws {
        let vault = try CLIVault()
        let other = vault.root + "/with-keyfile"
        let keyfile = vault.root + "/keyfile"
        try CLI.run(["init", "--vault", other, "--passphrase-file", vault.passphraseFile, "--kdf", "interactive", "--add-keyfile", keyfile])
        #expect(try CLI.run(["mood", "5", "--vault", other, "--keyfile", keyfile]).status == 0)
        try Data(repeating: 7, count: 64).write(to: URL(fileURLWithPath: keyfile))
        #expect(try CLI.run(["mood", "5", "--vault", other, "--keyfile", keyfile]).status == 77)
    }

    @Test func unlockKeepsTheKeyInTheKernelKeyringUntilLock() throws {
        let vault = try CLIVault()
        #expect(try CLI.run(["mood", "5", "--vault", vault.path]).status == 69, "locked: no terminal to ask on")
        try vault.ok(["unlock", "--ttl", "2m"])
        let unlocked = try CLI.run(["mood", "5", "--vault", vault.path])
        #expect(unlocked.status == 0, "\(unlocked.stderr)")
        #expect(try CLI.run(["lock", "--vault", vault.path]).stdout.contains("Locked"))
        #expect(try CLI.run(["mood", "5", "--vault", vault.path]).status == 69)
    }

    @Test func unlockGivesTheKeyToThisUserOnlyAndForAtMostADay() throws {
        let vault = try CLIVault()
        let vaultID = try #require(String(contentsOfFile: vault.path + "/vault.json", encoding: .utf8)
            .firstMatch(of: /"vaultID" *: *"([0-9a-f]+)"/)?.output.1)
        let refused = try CLI.run(["unlock", "--ttl", "9999d", "--vault", vault.path, "--passphrase-file", vault.passphraseFile])
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("longer than the 24h maximum"), "\(refused.stderr)")
        #expect(try CLI.run(["mood", "5", "--vault", vault.path]).status == 69, "a refused unlock holds nothing: no key, and no terminal to ask on")
        try vault.ok(["unlock", "--ttl", "24h"])
        defer { _ = try? CLI.run(["lock", "--vault", vault.path]) }
        // /proc/keys: serial flags usage timeout perms uid gid type description.
        let line = try #require(String(contentsOfFile: "/proc/keys", encoding: .utf8).split(separator: "\n").first { $0.contains("healthledger:\(vaultID)") })
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        // Possessors (any uid holding the keyring) get nothing; this uid may view, read and search.
        #expect(fields[4] == "000b0000", "permissions \(fields[4])")
        let timeout = String(fields[3])
        #expect(["1d", "23h"].contains(timeout), "timeout \(timeout)")
        #expect(try CLI.run(["mood", "5", "--vault", vault.path]).status == 0, "this user's commands still find the key")
    }

    /// The key is held without write permission (above), so the kernel refuses to update it in
    /// place: unlocking again, to give a held key a new time, must replace it instead.
    @Test func unlockingAgainWhileUnlockedGivesTheKeyItsNewTime() throws {
        let vault = try CLIVault()
        try vault.ok(["unlock", "--ttl", "2m"])
        defer { _ = try? CLI.run(["lock", "--vault", vault.path]) }
        try vault.ok(["unlock", "--ttl", "3h"])
        let vaultID = try #require(String(contentsOfFile: vault.path + "/vault.json", encoding: .utf8)
            .firstMatch(of: /"vaultID" *: *"([0-9a-f]+)"/)?.output.1)
        // /proc/keys: serial flags usage timeout …; an invalidated key ('i' among its flags)
        // stays listed until the kernel's collector runs, which a loaded machine delays.
        let held = try String(contentsOfFile: "/proc/keys", encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("healthledger:\(vaultID)") && !$0.split(separator: " ", omittingEmptySubsequences: true)[1].contains("i") }
        #expect(held.count == 1, "one key held: \(held)")
        let timeout = try #require(held.first?.split(separator: " ", omittingEmptySubsequences: true)[3])
        #expect(["3h", "2h"].contains(timeout), "timeout \(timeout)")
        #expect(try CLI.run(["mood", "5", "--vault", vault.path]).status == 0)
    }

    @Test func aVaultFromANewerVersionIsRefusedUntouched() throws {
        let vault = try CLIVault()
        let header = vault.path + "/vault.json"
        let text = try String(contentsOfFile: header, encoding: .utf8).replacingOccurrences(of: #""format" : 3"#, with: #""format" : 9"#)
        try text.write(toFile: header, atomically: true, encoding: .utf8)
        let result = try vault.run(["log"])
        #expect(result.status == 78)
        #expect(result.stderr.contains("newer HealthLedger"))
        #expect(try String(contentsOfFile: header, encoding: .utf8) == text)
    }

    @Test func initRefusesToOverwriteAVault() throws {
        let vault = try CLIVault()
        let again = try CLI.run(["init", "--vault", vault.path, "--passphrase-file", vault.passphraseFile])
        #expect(again.status == 73)
    }
}
