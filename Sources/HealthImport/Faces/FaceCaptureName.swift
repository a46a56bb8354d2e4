import Foundation
import LedgerCore

/// The name ShareHealth gives every file of a capture, `Face-YYYY-MM-DD_HHMMSS`: the local
/// date and clock time it was taken.
struct FaceCaptureName: Hashable {
    /// `Face-2024-03-15_143022`.
    let stem: String
    /// Days since 1970-01-01, local.
    let day: Int64
    let secondOfDay: Int64

    /// Reads a stem (no extension); nil when it is not in ShareHealth's form.
    init?(stem: String) {
        let parts = stem.split(separator: "_", omittingEmptySubsequences: false)
        guard stem.hasPrefix("Face-"), parts.count == 2, parts[1].count == 6,
              let day = ISO8601.days(String(parts[0].dropFirst("Face-".count))),
              parts[1].allSatisfy(\.isASCII), let clock = Int64(parts[1])
        else { return nil }
        let (hour, minute, second) = (clock / 10_000, clock / 100 % 100, clock % 100)
        guard hour < 24, minute < 60, second < 60 else { return nil }
        self.stem = stem
        self.day = day
        secondOfDay = hour * 3600 + minute * 60 + second
    }

    /// The stem of an image file name, when it is a capture's `.jpg` (any case, or `.jpeg`).
    static func imageStem(_ fileName: String) -> String? {
        let ext = (fileName as NSString).pathExtension.lowercased()
        guard fileName.hasPrefix("Face-"), ext == "jpg" || ext == "jpeg" else { return nil }
        return (fileName as NSString).deletingPathExtension
    }

    /// The stem of a metrics file name, `Face-….json` but not `…_health.json`.
    static func metricsStem(_ fileName: String) -> String? {
        guard fileName.hasPrefix("Face-"), fileName.hasSuffix(".json"), !fileName.hasSuffix("_health.json") else { return nil }
        return String(fileName.dropLast(".json".count))
    }
}
