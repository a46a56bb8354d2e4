import ArgumentParser
import Foundation
import HealthBundle
import LedgerCore
import Projections

struct ExportBundle: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        abstract: "A sealed bundle: an age-encrypted zip of events, daily CSVs, a PDF report and FHIR, signed by this vault.",
        discussion: """
            Any age client opens it (age -d, rage, or `healthledger open`). Inside: manifest.json (contents, \
            ranges, counts, the SHA-256 of every file, the vault's signed checkpoint) and manifest.sig \
            (Ed25519, the vault's key), events.jsonl (`healthledger import bundle` re-imports it with the \
            same ids), daily/YYYY/MM/HealthMetrics-YYYY-MM-DD.csv, report.pdf, fhir/bundle.json, and with \
            --include-faces the capture images. The daily CSVs and the report summarise every kind, so a \
            bundle limited by --kinds leaves them out.
            """)
    @Option(help: "The bundle file to write (.age).", completion: .file(extensions: ["age"])) var out: String
    @Flag(help: "Encrypt to a passphrase asked on the terminal (twice).") var passphrase = false
    @Option(help: "Encrypt to the passphrase in this file (first line), for scripts.", completion: .file()) var bundlePassphraseFile: String?
    @Option(name: .customLong("recipient"), help: "Encrypt to this age public key (age1…); repeat for several.") var recipients: [String] = []
    @Option(help: "First local day (YYYY-MM-DD, \"30d ago\"); default: the first event.") var from: String?
    @Option(help: "Last local day; default: the last event.") var to: String?
    @Option(parsing: .upToNextOption, help: "Only these kinds (mood.rated, or mood), e.g. --kinds sample mood dose.", completion: .kinds) var kinds: [String] = []
    @Flag(help: "Include face captures and their images (left out unless asked).") var includeFaces = false
    @Flag(help: "Print the summary as one JSON object.") var json = false
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let keys = try BundleKeys.forSealing(passphrase: passphrase, passphraseFile: bundlePassphraseFile, recipients: recipients)
        let selection = BundleSelection(
            from: try from.map(LocalTime.day), to: try to.map(LocalTime.day),
            kinds: kinds.isEmpty ? nil : try BundleSelection.kinds(named: kinds), includeFaces: includeFaces)
        if let first = selection.from, let last = selection.to, first > last {
            throw ExitStatus.Failure(status: .invalidInput, message: "--from \(first) is after --to \(last)")
        }
        guard !FileManager.default.fileExists(atPath: out) else {
            throw ExitStatus.Failure(status: .vaultExists, message: "\(out) already exists; choose another --out or remove it")
        }
        let ledger = try vault.openLedger()
        let started = Date()
        let progress = StageProgress()
        let partial = out + ".partial"
        let manifest: BundleManifest
        let sealing: SealedFile
        do {
            sealing = try SealedFile(path: partial, recipients: keys.recipients)
            let exporter = BundleExporter(
                ledger: ledger, selection: selection, utcOffset: Int32(TimeZone.current.secondsFromGMT()),
                progress: progress.update)
            manifest = try exporter.write(to: sealing.sink)
            try sealing.finish()
            try FileManager.default.moveItem(atPath: partial, toPath: out)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            progress.finish()
            throw error
        }
        progress.finish()
        let seconds = Date().timeIntervalSince(started)
        BundleSummary.printExport(manifest, path: out, bytes: sealing.bytesWritten, seconds: seconds, sealSeconds: sealing.sealSeconds, keys: keys, json: json)
    }
}
