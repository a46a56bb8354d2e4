import LedgerCore
import Projections

/// Where things are inside a bundle's zip.
public enum BundleLayout {
    static let manifest = "manifest.json"
    static let signature = "manifest.sig"
    public static let events = "events.jsonl"
    static let report = "report.pdf"
    static let fhir = "fhir/bundle.json"
    static let facesFolder = "faces/"
    /// Zeros that end the zip on a whole age chunk, after the signature.
    static let padding = "padding"

    static func daily(_ day: LocalDay) -> String { "daily/" + DailyCSV.relativePath(for: day) }
    static func face(blob: String) -> String { facesFolder + blob + ".jpg" }
}
