import Foundation

/// A standalone SVG document made fit to sit inside HTML (no XML declaration).
enum SVGInline {
    static func strip(_ document: String) -> String {
        guard document.hasPrefix("<?xml"), let end = document.range(of: "?>") else { return document }
        return String(document[end.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
