import Foundation
import Testing
import TestSupport

/// `healthledger keygen` makes key pairs Debian's `age` accepts, in files only their owner reads.
@Suite final class KeygenTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hl-keygen-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    @Test func identityFileIsPrivateAndAgeOpensFilesForItsPublicKey() throws {
        let keyFile = folder + "/key.txt"
        let made = try CLI.run(["keygen", "--out", keyFile])
        #expect(made.status == 0, "\(made.stderr)")
        let publicKey = try #require(made.stdout.split(separator: " ").last?.trimmingCharacters(in: .newlines))
        #expect(made.stdout == "Public key: \(publicKey)\n")
        let mode = try FileManager.default.attributesOfItem(atPath: keyFile)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try ExternalTool.output("age-keygen", ["-y", keyFile]) == publicKey + "\n")
        try "for the doctor".write(toFile: folder + "/note", atomically: true, encoding: .utf8)
        try ExternalTool.output("age", ["-r", publicKey, "-o", folder + "/note.age", folder + "/note"])
        #expect(try ExternalTool.output("age", ["-d", "-i", keyFile, folder + "/note.age"]) == "for the doctor")
    }

    @Test func anExistingFileIsNeverReplaced() throws {
        let keyFile = folder + "/key.txt"
        try "precious\n".write(toFile: keyFile, atomically: true, encoding: .utf8)
        let refused = try CLI.run(["keygen", "--out", keyFile])
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("\(keyFile) already exists"))
        #expect(try String(contentsOfFile: keyFile, encoding: .utf8) == "precious\n")
    }

    @Test func withoutOutTheIdentityFileGoesToStdoutAndThePublicKeyToStderr() throws {
        let made = try CLI.run(["keygen"])
        #expect(made.status == 0)
        let lines = made.stdout.split(separator: "\n")
        #expect(lines.count == 3 && lines[0].hasPrefix("# created: ") && lines[2].hasPrefix("AGE-SECRET-KEY-1"))
        #expect(made.stderr == "Public key: \(lines[1].dropFirst("# public key: ".count))\n")
    }
}
