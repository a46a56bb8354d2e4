import Foundation
import Testing
import TestSupport

/// The first minutes: no vault yet, `init`, a passphrase from a pipe, the version and a mistyped command.
@Suite struct FirstRunTests {
    static func scratch() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hl-first-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    @Test func noVaultGivesAQuickStartAndExit66() throws {
        let home = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let bare = try CLI.run([], environment: ["XDG_DATA_HOME": home + "/data"])
        #expect(bare.status == 66)
        let lines = bare.stderr.split(separator: "\n")
        #expect(lines.count == 5, "\(bare.stderr)")
        #expect(bare.stderr.contains("No vault at \(home)/data/healthledger yet"), "\(bare.stderr)")
        #expect(bare.stderr.contains("healthledger init"))
    }

    @Test func initRefusesWeakPassphrasesNonEmptyFoldersAndMissingParents() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        umask(0o077)
        let weak = root + "/weak"
        try "a\n".write(toFile: weak, atomically: true, encoding: .utf8)
        let refused = try CLI.run(["init", "--vault", root + "/v1", "--passphrase-file", weak, "--kdf", "interactive"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("that passphrase is weak (1 character, about"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root + "/v1"), "nothing made")
        let forced = try CLI.run(["init", "--vault", root + "/v1", "--passphrase-file", weak, "--kdf", "interactive", "--weak-passphrase"])
        #expect(forced.status == 0, "\(forced.stderr)")

        let strong = root + "/strong"
        try "copper violin tuesday harbor\n".write(toFile: strong, atomically: true, encoding: .utf8)
        let busy = root + "/busy"
        try FileManager.default.createDirectory(atPath: busy, withIntermediateDirectories: true)
        try "keep me".write(toFile: busy + "/notes.txt", atomically: true, encoding: .utf8)
        let nonEmpty = try CLI.run(["init", "--vault", busy, "--passphrase-file", strong, "--kdf", "interactive"])
        #expect(nonEmpty.status == 65)
        #expect(nonEmpty.stderr.contains("\(busy) is not empty (1 entry: notes.txt)"), "\(nonEmpty.stderr)")
        #expect(!FileManager.default.fileExists(atPath: busy + "/vault.json"))

        let deep = root + "/no/such/vault"
        let missing = try CLI.run(["init", "--vault", deep, "--passphrase-file", strong, "--kdf", "interactive"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("add --parents"), "\(missing.stderr)")
        let made = try CLI.run(["init", "--vault", deep, "--passphrase-file", strong, "--kdf", "interactive", "--parents"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("--recovery-code-file"), "the recovery code says how it is used: \(made.stdout)")
        #expect(made.stdout.contains("Next: `healthledger mood 7 --vault \(deep)`"), "\(made.stdout)")
    }

    /// A vault named with one letter in the current folder, as a newcomer types it (Foundation
    /// trapped on the one-character path: signal 4).
    @Test func aOneLetterVaultInTheCurrentFolder() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try writeSecret("copper violin tuesday harbor\n", toFile: root + "/passphrase")
        let typed = "cd '\(root)' && '\(CLI.binary)' init --vault v --passphrase-file passphrase --kdf interactive && '\(CLI.binary)' mood 7 --vault v --passphrase-file passphrase"
        let made = try CLI.run(["-c", typed], executable: "/bin/sh")
        #expect(made.status == 0, "\(made.stderr)")
        #expect(FileManager.default.fileExists(atPath: root + "/v/vault.json"))
    }

    @Test func aPassphraseFromAPipeWorksAndNoTerminalHasItsOwnExitCode() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "7"])
        for file in ["-", "/dev/stdin"] {
            let piped = try CLI.run(["log", "--vault", vault.path, "--passphrase-file", file], stdin: CLIVault.passphrase + "\n")
            #expect(piped.status == 0, "\(file): \(piped.stderr)")
            #expect(piped.stdout.contains("mood.rated"))
        }
        let substituted = try CLI.run(
            ["-c", "\"$0\" log --vault \"$1\" --passphrase-file <(echo '\(CLIVault.passphrase)')", CLI.binary, vault.path], executable: "/bin/bash")
        #expect(substituted.status == 0, "\(substituted.stderr)")
        let noTerminal = try CLI.run(["log", "--vault", vault.path])
        #expect(noTerminal.status == 69)
        #expect(noTerminal.stderr.contains("needs a terminal"), "\(noTerminal.stderr)")
    }

    /// A command mistyped under another (`export dayli`) was "2 unexpected arguments", or the
    /// default command's usage (`history shwo`).
    @Test(arguments: [
        (["export", "dayli", "out"], "unknown command 'export dayli' — did you mean 'daily'? (`healthledger export --help` lists its commands)"),
        (["history", "shwo", "1"], "unknown command 'history shwo' — did you mean 'show'?"),
        (["models", "targets", "ad", "hrv"], "unknown command 'models targets ad' — did you mean 'add'?"),
        (["import", "zzz", "file"], "unknown command 'import zzz' (`healthledger import --help` lists its commands)"),
    ])
    func aMistypedCommandUnderAnotherIsNamed(arguments: [String], said: String) throws {
        let mistyped = try CLI.run(arguments)
        #expect(mistyped.status == 64)
        #expect(mistyped.stderr.contains(said), "\(mistyped.stderr)")
    }

    @Test func versionAndAMistypedCommand() throws {
        let version = try CLI.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("healthledger "), "\(version.stdout)")
        #expect(version.stdout.contains("vault format "), "\(version.stdout)")
        #expect(version.stdout.contains("daily-metrics v"), "\(version.stdout)")
        let mistyped = try CLI.run(["mod", "7"])
        #expect(mistyped.status == 64)
        #expect(mistyped.stderr.contains("unknown command 'mod' — did you mean 'mood'?"), "\(mistyped.stderr)")
        let vault = try CLIVault()
        let kind = try vault.run(["log", "--kind", "moods"])
        #expect(kind.status == 65)
        #expect(kind.stderr.contains("did you mean 'mood'?"), "\(kind.stderr)")
    }
}
