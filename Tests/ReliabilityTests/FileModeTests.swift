import Foundation
import Testing
import TestSupport

/// Whatever the umask (here the common 022), the vault is the owner's alone — its folder
/// 0700, every file in it 0600 — and so is every plaintext export and each folder an
/// export makes. Before: `compact` left data.mdb 0644, vault.json was 0644, exports were
/// 0644 and `init` kept an existing folder at 0755.
@Suite struct FileModeTests {
    /// Runs the CLI with umask 022, as a login shell usually has it.
    static func run(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run(["-c", "umask 022; exec \"$0\" \"$@\"", CLI.binary] + arguments, executable: "/bin/sh")
    }

    static func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue
    }

    /// Every file under `folder` with its mode, and every folder.
    static func modes(under folder: String) throws -> [String: Int] {
        var modes = [folder: try mode(folder)]
        for name in try FileManager.default.subpathsOfDirectory(atPath: folder) {
            modes[folder + "/" + name] = try mode(folder + "/" + name)
        }
        return modes
    }

    static func isPrivate(_ path: String, _ mode: Int) -> Bool {
        var isFolder: ObjCBool = false
        FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        return mode == (isFolder.boolValue ? 0o700 : 0o600)
    }

    @Test func theVaultAndEveryExportAreTheOwnersAloneUnderUmask022() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hl-modes-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let vault = root + "/vault"
        // A folder someone made beforehand, readable by all.
        try FileManager.default.createDirectory(atPath: vault, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let passphrase = root + "/passphrase"
        try writeSecret("e2e passphrase\n", toFile: passphrase)
        let secret = ["--vault", vault, "--passphrase-file", passphrase]
        #expect(try Self.run(["init", "--kdf", "interactive"] + secret).status == 0)
        #expect(try Self.run(["append", "mood.rated", "rating=7", "--at", "2026-04-01T08:00:00+02:00"] + secret).status == 0)
        #expect(try Self.run(["compact"] + secret).status == 0)
        #expect(try Self.run(["passwd", "--new-passphrase-file", passphrase] + secret).status == 0)
        for (path, mode) in try Self.modes(under: vault) {
            #expect(Self.isPrivate(path, mode), "\(path) has mode \(String(mode, radix: 8))")
        }

        let exports = root + "/exports"
        let daily = try Self.run(["export", "daily", exports + "/daily", "--from", "2026-04-01", "--to", "2026-04-01"] + secret)
        #expect(daily.status == 0, "\(daily.stderr)")
        let moods = try Self.run(["export", "moods", root + "/moods.csv"] + secret)
        #expect(moods.status == 0, "\(moods.stderr)")
        let exported = try Self.modes(under: exports).merging([root + "/moods.csv": try Self.mode(root + "/moods.csv")]) { $1 }
        #expect(exported.keys.contains { $0.hasSuffix("HealthMetrics-2026-04-01.csv") })
        for (path, mode) in exported {
            #expect(Self.isPrivate(path, mode), "\(path) has mode \(String(mode, radix: 8))")
        }
    }
}
