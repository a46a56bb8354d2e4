import Foundation
import HealthImport
import LedgerApplication
import LedgerCore
import LedgerStore

extension Append {
    /// `append face --metrics FILE | --landmarks FILE [--image FILE]`: one `face.captured`
    /// event, its image sealed as a blob of its own so `forget` can shred it.
    static var oneFaceFile: ExitStatus.Failure {
        ExitStatus.Failure(status: .invalidInput, message: "append face needs exactly one of --metrics FILE.json (ShareHealth) and --landmarks FILE.json (MediaPipe)")
    }

    func appendFace() throws {
        guard (metrics == nil) != (landmarks == nil) else { throw Self.oneFaceFile }
        for path in [metrics, landmarks, image].compactMap({ $0 }) where !FileManager.default.fileExists(atPath: path) {
            throw ExitStatus.Failure(status: .noVault, message: "cannot read \(path): no such file")
        }
        var capture: FaceCaptured
        var taken: Timestamp?
        switch (metrics, landmarks) {
        case (let metrics?, _): (capture, taken) = try FaceFile.metrics(metrics)
        case (nil, let landmarks?): capture = try FaceFile.landmarks(landmarks)
        case (nil, nil): throw Self.oneFaceFile
        }
        let ledger = try vault.openLedger()
        if let image {
            guard let bytes = FileManager.default.contents(atPath: image), !bytes.isEmpty else {
                throw ExitStatus.Failure(status: .invalidInput, message: "\(image) is empty or unreadable: give the capture's JPEG")
            }
            capture.imageBlob = try ledger.storeBlob(Array(bytes))
        }
        // The file's own capture time wins over "now", not over an explicit --at.
        let start = entry.at == nil ? taken.map(entry.zoned) : nil
        try vault.store([try entry.event(capture, start: start)], into: ledger, output: output, idsDrawnAtRandom: entry.timing.idsDrawnAtRandom)
    }
}
