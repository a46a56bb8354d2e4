import AgeFormat
import Foundation
import HealthBundle
import LedgerCore

/// A bundle file being read: decrypted as a stream, with age's failures named as bundle
/// failures (and so exit codes), and the megabytes read so far on a terminal.
struct OpenedFile {
    let source: any ByteSource

    init(path: String, identities: [AgeIdentity], activity: String = "verifying") throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ExitStatus.Failure(status: .noVault, message: "cannot read \(path): no such file")
        }
        let file = try AgeFileInput(path: path)
        do {
            let reader = try AgeReader(input: file, identities: identities)
            let progress = Progress(activity, unit: "MB")
            source = DecryptingSource(reader: reader, path: path, onRead: { progress.update($0 >> 20) }, onEnd: { progress.finish() })
        } catch let error as AgeError {
            throw DecryptingSource.named(error, path: path)
        }
    }
}
