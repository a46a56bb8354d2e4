import Foundation
import Testing
import TestSupport

/// Secret files other users could read are refused with the fix in the message; passphrase
/// hashing weaker than today's default is raised when the passphrase changes.
@Suite struct SecretFileTests {
    @Test(arguments: ["--passphrase-file", "--keyfile", "--recovery-code-file"])
    func aSecretFileOthersCanReadIsRefusedWithTheFix(option: String) throws {
        let vault = try CLIVault()
        let secret = vault.root + "/secret"
        try "e2e passphrase\n".write(toFile: secret, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: secret)
        let refused = try CLI.run(["log", "--vault", vault.path, option, secret])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("\(secret) holds a secret but other users may read or change it (mode 644); run `chmod 600 \(secret)`"))
        #expect(!refused.stderr.contains("e2e passphrase"), "the secret itself is never echoed")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: secret)
        if option == "--passphrase-file" { #expect(try CLI.run(["log", "--vault", vault.path, option, secret]).status == 0) }
    }

    @Test func passwdRaisesAnInteractiveSlotToTheModerateDefault() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "5"])
        func passphraseKDF() throws -> [String: Any] {
            let header = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: vault.path + "/vault.json"))) as! [String: Any]
            let slots = header["slots"] as! [[String: Any]]
            return try #require(slots.first { $0["kind"] as? String == "passphrase" }?["kdf"] as? [String: Any])
        }
        #expect(try passphraseKDF()["memLimit"] as? Int == 64 << 20, "CLIVault makes vaults with the interactive profile")
        let output = try vault.ok(["passwd", "--new-passphrase-file", vault.passphraseFile])
        #expect(output.contains("Passphrase hashing raised to Argon2id opslimit 3, memlimit 256 MiB (was 2, 64 MiB)"))
        #expect(try passphraseKDF()["opsLimit"] as? Int == 3)
        #expect(try passphraseKDF()["memLimit"] as? Int == 256 << 20)
        #expect(try vault.ok(["log"]).contains("mood.rated"))
        let again = try vault.ok(["passwd", "--new-passphrase-file", vault.passphraseFile])
        #expect(!again.contains("raised"), "a slot at the default stays as it is")
    }
}
