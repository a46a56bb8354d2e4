import Foundation
import HealthBundle
import LedgerCore
import LedgerCrypto

/// What `export bundle` and `open` print, as text or JSON.
enum BundleSummary {
    static func printExport(_ manifest: BundleManifest, path: String, bytes: UInt64, seconds: Double, sealSeconds: Double, keys: BundleKeys, json: Bool) {
        let megabytes = Double(bytes) / 1_000_000
        if json {
            var document = contents(manifest)
            document["bundle"] = .string(path)
            document["bytes"] = .int(Int64(bytes))
            document["seconds"] = .double((seconds * 1000).rounded() / 1000)
            document["encryptCPUSeconds"] = .double((sealSeconds * 1000).rounded() / 1000)
            document["encryptedFor"] = .string(keys.description)
            print(JSONWriter.string(document))
            return
        }
        let counts = manifest.counts
        print("""
            wrote \(path): \(counts["events", default: 0].formatted()) events, \(counts["days", default: 0]) daily CSVs, \
            \(counts["observations", default: 0].formatted()) FHIR observations\(manifest.includesFaces ? ", \(counts["faces", default: 0]) face images" : "") \
            — \(String(format: "%.1f", megabytes)) MB in \(String(format: "%.1f", seconds)) s, encrypted for \(keys.description)
            """)
    }

    static func printOpened(_ bundle: VerifiedBundle, path: String, extractedTo: String?, json: Bool) {
        let manifest = bundle.manifest
        if json {
            var document = contents(manifest)
            document["bundle"] = .string(path)
            document["verified"] = .bool(true)
            document.set("checkpointSize", bundle.checkpoint.map { .int(Int64($0.size)) })
            document.set("extractedTo", extractedTo.map { .string($0) })
            print(JSONWriter.string(document))
            return
        }
        print("\(path): verified — every file matches the manifest signed by vault \(manifest.vaultID)")
        print("  signer key \(manifest.publicKey)")
        if let checkpoint = bundle.checkpoint { print("  ledger checkpoint: \(checkpoint.size) events, root \(Data(checkpoint.rootHash).base64EncodedString())") }
        print("  made \(manifest.createdAt); days \(manifest.from ?? manifest.firstEventDay ?? "-") to \(manifest.to ?? manifest.lastEventDay ?? "-")" + (manifest.kinds.isEmpty ? "" : "; kinds \(manifest.kinds.joined(separator: ", "))"))
        for file in manifest.files { print("  \(String(file.size).leftPadded(12)) \(file.path)") }
        if let extractedTo { print("extracted \(manifest.files.count + 2) files to \(extractedTo)") }
    }

    static func contents(_ manifest: BundleManifest) -> Document {
        var document = manifest.document
        document["checkpoint"] = nil
        return document
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
