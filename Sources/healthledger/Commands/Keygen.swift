import AgeFormat
import ArgumentParser
import Foundation
import LedgerCore
import LedgerCrypto

/// `healthledger keygen`: a new age X25519 key pair, in the identity file layout of `age-keygen`.
struct Keygen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Make an age key pair for opening encrypted bundles (like age-keygen).",
        discussion: """
            The identity file (AGE-SECRET-KEY-1…, with '# created' and '# public key' comments) goes to \
            --out, created readable only by you and never replacing a file, or to standard output. Give \
            the public key (age1…) to whoever exports a bundle for you; keep the identity file secret. \
            With --json, standard output is one object: the public key, when it was made, and the file \
            written, or without --out the secret key itself (as the identity file there would hold it).
            """)

    @Option(name: [.short, .long], help: "Write the identity file here (mode 0600; an existing file is never replaced).", completion: .file())
    var out: String?

    @OptionGroup var output: JSONOutput

    func run() throws {
        let identity = AgeIdentity.generateX25519()
        // Cannot fail: a generated X25519 identity has a recipient, and both encode
        let publicKey = identity.recipient!.encoded!
        let created = Timestamp(micros: Timestamp.now().micros / 1_000_000 * 1_000_000).iso8601(utcOffset: 0)
        var contents = Array("# created: \(created)\n# public key: \(publicKey)\n\(identity.secretKeyString()!)\n".utf8)
        defer { wipe(&contents) }
        if let out {
            let file = try AgeFileOutput(path: out, permissions: 0o600)
            try contents.withUnsafeBytes { try file.write($0) }
            try file.synchronize()
            guard output.json else { return print("Public key: \(publicKey)") }
            output.print(["publicKey": .string(publicKey), "created": .string(created), "file": .string(out)])
        } else if output.json {
            // The same secret, on the same standard output, as the identity file printed there.
            // Cannot fail: a generated X25519 identity's secret key encodes
            output.print(["publicKey": .string(publicKey), "created": .string(created), "secretKey": .string(identity.secretKeyString()!)])
        } else {
            // Standard output stays a valid identity file, so the public key goes to stderr (as age-keygen does).
            try contents.withUnsafeBytes { try AgeFileOutput(fileDescriptor: STDOUT_FILENO).write($0) }
            FileHandle.standardError.write(Data("Public key: \(publicKey)\n".utf8))
        }
    }
}
