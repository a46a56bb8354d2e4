import ArgumentParser
import Foundation
import HealthBundle

struct OpenBundle: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Decrypt a sealed bundle, verify its signature and every file's hash, list (or extract) what it holds.",
        discussion: """
            Asks for the passphrase when the bundle was sealed with one; --identity takes an age identity \
            file (AGE-SECRET-KEY-1…, as `age-keygen` writes). Each failure has its own exit code: \
            77 wrong passphrase or no matching identity, 20 header tampered, 21 payload modified, \
            22 payload truncated, 23 data after the end, 24 signature mismatch, 25 file hash mismatch.
            """)
    @Argument(help: "The bundle file.") var file: String
    @Option(name: .customLong("identity"), help: "An age identity file; repeat for several.") var identities: [String] = []
    @Option(help: "Read the bundle's passphrase from this file (first line) instead of asking.") var bundlePassphraseFile: String?
    @Option(help: "Extract the verified files into this new folder.") var extract: String?
    @Option(help: "Require the bundle to be signed by this vault key (base64, as `open` prints it).") var signer: String?
    @Flag(help: "Print the contents as one JSON object.") var json = false

    func run() throws {
        let secrets = try BundleSecrets(identityFiles: identities, passphraseFile: bundlePassphraseFile).identities(for: file)
        let expected = try signer.map(BundleSecrets.signerKey)
        let source = try OpenedFile(path: file, identities: secrets)
        guard let extract else {
            let verified = try BundleReader(expectedSigner: expected).read(source.source)
            return BundleSummary.printOpened(verified, path: file, extractedTo: nil, json: json)
        }
        let extraction = try Extraction(destination: extract)
        do {
            let verified = try BundleReader(expectedSigner: expected).read(source.source, onEntry: extraction.consumer)
            try extraction.complete()
            BundleSummary.printOpened(verified, path: file, extractedTo: extract, json: json)
        } catch {
            extraction.discard()
            throw error
        }
    }
}
