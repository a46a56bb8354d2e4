import LedgerCore
import AgeFormat
import Foundation
import HealthBundle

/// Extracts a bundle's files into a staging folder beside the destination and moves it
/// into place only once everything verified, so a tampered bundle leaves nothing behind.
final class Extraction {
    private let destination: String
    private let staging: String

    init(destination: String) throws {
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw ExitStatus.Failure(status: .invalidInput, message: "\(destination) already exists; name a new folder to extract into")
        }
        self.destination = destination
        staging = destination + ".partial-\(getpid())"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    func consumer(_ path: String) throws -> BundleReader.EntryConsumer? {
        // Names come from inside the file: none may climb out of the folder.
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.hasPrefix("/"), !parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else {
            throw BundleError(.hashMismatch, "the bundle names a file '\(path)' outside its folder: it was not made by healthledger")
        }
        let target = staging + "/" + path
        try FileManager.default.createDirectory(atPath: PathText.folder(of: target), withIntermediateDirectories: true)
        let sink = try AgeFileOutput(path: target)
        return .init(consume: { try sink.write($0) })
    }

    func complete() throws {
        try FileManager.default.moveItem(atPath: staging, toPath: destination)
    }

    func discard() { try? FileManager.default.removeItem(atPath: staging) }
}
