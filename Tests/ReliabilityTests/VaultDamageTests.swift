import Foundation
import Testing
import TestSupport

/// Smaller ways to damage a vault or slip bad bytes into it, each refused and named.
@Suite struct VaultDamageTests {
    @Test func aVaultWithoutItsHeaderIsNotMistakenForNoVaultAndInitRefusesIt() throws {
        let vault = try CLIVault()
        try vault.ok(["append", "mood.rated", "rating=7"])
        try FileManager.default.removeItem(atPath: vault.path + "/vault.json")
        let data = try Data(contentsOf: URL(fileURLWithPath: vault.path + "/data.mdb"))

        let log = try vault.run(["log"])
        #expect(log.status == 10, "exit \(log.status): \(log.stderr)")
        #expect(log.stderr.contains("vault.json"), "\(log.stderr)")
        #expect(log.stderr.contains("restore vault.json from a backup"), "\(log.stderr)")
        #expect(!log.stderr.contains("create one with"), "the error must not send the user to `init`: \(log.stderr)")

        let created = try CLI.run(["init", "--vault", vault.path, "--passphrase-file", vault.passphraseFile, "--kdf", "interactive"])
        #expect(created.status == 73, "exit \(created.status): \(created.stderr)")
        #expect(!FileManager.default.fileExists(atPath: vault.path + "/vault.json"), "no new key beside the old log")
        #expect(try Data(contentsOf: URL(fileURLWithPath: vault.path + "/data.mdb")) == data)
    }

    @Test func invalidUTF8InJSONLIsRefusedNotStoredAsReplacementCharacters() throws {
        let vault = try CLIVault()
        var input = Data(MoodEvents.lines(0..<1).utf8)
        // A Latin-1 "é" (0xE9) in the note: not UTF-8.
        input.append(Data(#"{"kind":"mood.rated","start":"2026-04-01T09:00:00+02:00","payload":{"rating":5,"note":"caf"#.utf8))
        input.append(0xE9)
        input.append(Data("\"}}\n".utf8))
        let file = vault.root + "/latin1.jsonl"
        try input.write(to: URL(fileURLWithPath: file))

        let result = try vault.run(["append", "--jsonl", file])
        #expect(result.status == 65, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.contains("line 2: the line is not valid UTF-8 (at byte 91 of the line)"), "\(result.stderr)")
        // Its batch (the line before it too) is not stored, as for any refused line.
        #expect(result.stderr.contains("0 events from \(file) are stored"), "\(result.stderr)")
        #expect(try vault.rawEvents().isEmpty)
    }

    @Test func logFailsOnADeletedRecordInsteadOfSkippingIt() throws {
        let vault = try CLIVault()
        try vault.ok(["append", "--jsonl", "-"], stdin: MoodEvents.lines(0..<5))
        try VaultTampering(path: vault.path).delete(2)

        for arguments in [["log"], ["log", "--raw"], ["log", "--json"]] {
            let result = try vault.run(arguments)
            #expect(result.status == 10, "\(arguments) exit \(result.status): \(result.stderr)")
            #expect(result.stderr.contains("record at sequence 2 cannot be read: it is missing (the log goes on at 3)"), "\(result.stderr)")
        }
    }

    @Test func aLogKeyOfNineBytesIsNamedNotBlamedOnSequenceZero() throws {
        let vault = try CLIVault()
        try vault.ok(["append", "--jsonl", "-"], stdin: MoodEvents.lines(0..<3))
        try VaultTampering(path: vault.path).put("log", [(key: VaultTampering.bigEndian(1) + [0], value: [1, 2, 3])])

        let result = try vault.run(["log", "--raw"])
        #expect(result.status == 10, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.contains("the log holds a key of 9 bytes (000000000000000100) after sequence 1"), "\(result.stderr)")
        #expect(!result.stderr.contains("sequence 0"), "\(result.stderr)")
    }
}
