import ArgumentParser
import AgeFormat
import Foundation
import HealthBundle
import LedgerCore

struct OpenBundle: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Decrypt a sealed bundle, verify its signature and every file's hash, list (or extract, or show one of) what it holds.",
        discussion: """
            Asks for the passphrase when the bundle was sealed with one; --identity takes an age identity \
            file (AGE-SECRET-KEY-1…, as `age-keygen` writes). Each failure has its own exit code: \
            77 wrong passphrase or no matching identity, 20 header tampered, 21 payload modified, \
            22 payload truncated, 23 data after the end, 24 signature mismatch, 25 file hash mismatch. \
            --show FILE writes one file of it (a path as the listing prints it, e.g. report.pdf) to \
            standard output, or to --out PATH, once the whole bundle verified.
            """)
    @Argument(help: "The bundle file.", completion: .file(extensions: ["age"])) var file: String
    @Option(name: .customLong("identity"), help: "An age identity file; repeat for several.", completion: .file()) var identities: [String] = []
    @Option(help: "Read the bundle's passphrase from this file (first line) instead of asking.", completion: .file()) var bundlePassphraseFile: String?
    @Option(help: "Extract the verified files into this new folder.", completion: .directory) var extract: String?
    @Option(help: "Require the bundle to be signed by this vault key (base64, as `open` prints it).") var signer: String?
    @Option(help: "Write this one file of the bundle (e.g. report.pdf), once verified, to standard output.") var show: String?
    @Option(help: "With --show: write the file to this new path instead of standard output.", completion: .file()) var out: String?
    @Flag(help: "Print the contents as one JSON object.") var json = false

    func validate() throws {
        if show != nil, extract != nil { throw ValidationError("--show writes one file and --extract all of them: give one of the two") }
        if out != nil, show == nil { throw ValidationError("--out names where --show writes its file: add --show FILE") }
    }

    func run() throws {
        let secrets = try BundleSecrets(identityFiles: identities, passphraseFile: bundlePassphraseFile).identities(for: file)
        let expected = try signer.map(BundleSecrets.signerKey)
        let source = try OpenedFile(path: file, identities: secrets)
        if let show { return try showFile(show, source: source, expected: expected) }
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

    private func showFile(_ path: String, source: OpenedFile, expected: [UInt8]?) throws {
        // lstat, not stat: a symbolic link there (dangling or not) is something that exists, and is left alone.
        var status = stat()
        if let out, lstat(out, &status) == 0 {
            throw ExitStatus.Failure(status: .invalidInput, message: "\(out) already exists; name a new file for --out")
        }
        let shown = try ShownFile(path: path)
        let verified = try BundleReader(expectedSigner: expected).read(source.source, onEntry: { shown.consumer($0) })
        guard shown.found else {
            let names = (verified.manifest.files.map(\.path) + ["manifest.json"]).joined(separator: ", ")
            throw ExitStatus.Failure(status: .invalidInput, message: "\(file) holds no file \(path); it holds \(names)")
        }
        guard let out else {
            // Binary bytes on a terminal are garbage at best and terminal commands at worst.
            if isatty(STDOUT_FILENO) == 1, try shown.isBinary() {
                throw ExitStatus.Failure(
                    status: .invalidInput,
                    message: "\(path) is not text, so it is not written to the terminal: add --out FILE, or send it to a pipe or file (`> \((path as NSString).lastPathComponent)`)")
            }
            return try shown.deliver(to: AgeFileOutput(fileDescriptor: 1))
        }
        // Created apart from the writing: only a file this run made is removed when writing fails;
        // one that appeared since the check above makes the creation fail and stays as it was.
        let output = try AgeFileOutput(path: out)
        do {
            try shown.deliver(to: output)
        } catch {
            unlink(out)
            throw error
        }
        if json {
            print(JSONWriter.string(["bundle": .string(file), "verified": .bool(true), "file": .string(path), "bytes": .int(Int64(shown.size)), "out": .string(out)]))
        } else {
            print("\(file): verified; wrote \(path) (\(shown.size.formatted()) bytes) to \(out)")
        }
    }
}
