import Foundation
import LedgerCore

/// The files of one capture as found on disk: its image, its metrics JSON (beside the image
/// or in `annotations/mediapipe/`) and its optional health snapshot. A metrics file with no
/// image is a capture too, so that the import can say it skipped it.
public struct FaceCapture: Sendable {
    /// `Face-YYYY-MM-DD_HHMMSS.jpg`.
    public let image: String?
    /// `Face-YYYY-MM-DD_HHMMSS.json`.
    public let metrics: String?
    /// `Face-YYYY-MM-DD_HHMMSS_health.json`.
    public let health: String?

    /// The file that stands for the capture in messages.
    var path: String { image ?? metrics ?? "" }

    var stem: String {
        let file = (path as NSString).lastPathComponent
        return FaceCaptureName.imageStem(file) ?? FaceCaptureName.metricsStem(file) ?? file
    }

    /// Every capture under `root`, in path order.
    ///
    /// ShareHealth's three layouts differ only in where the metrics file sits relative to
    /// the image, so one recursive walk finds them all: `faces/YYYY/MM/`, a flat folder, and
    /// the image beside an `annotations/mediapipe/` folder holding its metrics.
    static func all(under root: String) throws(ImportError) -> [FaceCapture] {
        let files = try FolderScan.files(under: root) { FaceCaptureName.imageStem($0) != nil || $0.hasSuffix(".json") && $0.hasPrefix("Face-") }
        let present = Set(files)
        var captures: [FaceCapture] = []
        var usedMetrics: Set<String> = []
        for image in files {
            let folder = PathText.folder(of: image)
            guard let stem = FaceCaptureName.imageStem((image as NSString).lastPathComponent) else { continue }
            let metrics = [folder + "/\(stem).json", folder + "/annotations/mediapipe/\(stem).json"].first(where: present.contains)
            if let metrics { usedMetrics.insert(metrics) }
            let health = folder + "/\(stem)_health.json"
            captures.append(FaceCapture(image: image, metrics: metrics, health: present.contains(health) ? health : nil))
        }
        for file in files where FaceCaptureName.metricsStem((file as NSString).lastPathComponent) != nil && !usedMetrics.contains(file) {
            captures.append(FaceCapture(image: nil, metrics: file, health: nil))
        }
        return captures.sorted { $0.path < $1.path }
    }
}
