import AgeFormat
import Foundation
import HealthBundle
import Zip

/// A bundle file being written: the zip's bytes go through the age encryption into the
/// file. Time spent encrypting and writing is kept apart, for comparison with `age`.
final class SealedFile {
    private let file: AgeFileOutput
    private let buffered: BufferedSink
    private let writer: AgeWriter
    private let timed: TimedSink
    var sink: any ByteSink { timed }

    init(path: String, keys: BundleKeys) throws {
        file = try AgeFileOutput(path: path, overwrite: true)
        buffered = BufferedSink(file, capacity: 1 << 20)
        writer = try AgeWriter(recipients: keys.recipients, output: buffered)
        timed = TimedSink(writer)
    }

    var bytesWritten: UInt64 { buffered.position }
    var sealSeconds: Double { timed.seconds }

    func finish() throws {
        try timed.measure {
            try writer.finish()
            try buffered.flush()
        }
        try file.synchronize()
    }
}

/// The age writer as the zip's sink, timing each write in CPU time of this thread: the
/// encryption stage's own cost, which other processes on a busy machine do not inflate.
private final class TimedSink: ByteSink {
    let writer: AgeWriter
    private(set) var seconds = 0.0

    init(_ writer: AgeWriter) { self.writer = writer }

    func write(_ bytes: UnsafeRawBufferPointer) throws { try measure { try writer.write(bytes) } }

    func measure(_ body: () throws -> Void) throws {
        let start = Self.threadCPUTime()
        defer { seconds += Self.threadCPUTime() - start }
        try body()
    }

    private static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

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
            source = DecryptingSource(reader: try AgeReader(input: file, identities: identities), path: path, progress: Progress(activity, unit: "MB"))
        } catch let error as AgeError {
            throw DecryptingSource.named(error, path: path)
        }
    }
}

private final class DecryptingSource: ByteSource {
    let reader: AgeReader
    let path: String
    let progress: Progress
    private var bytes = 0

    init(reader: AgeReader, path: String, progress: Progress) {
        self.reader = reader
        self.path = path
        self.progress = progress
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count: Int
        do { count = try reader.read(into: buffer) } catch let error as AgeError {
            progress.finish()
            throw Self.named(error, path: path)
        }
        bytes += count
        if count == 0 { progress.finish() } else { progress.update(bytes >> 20) }
        return count
    }

    static func named(_ error: AgeError, path: String) -> BundleError {
        let kind: BundleError.Kind
        switch error {
        case .noMatchingIdentity, .wrongPassphrase, .passphraseRequired: kind = .wrongSecret
        case .headerMalformed, .armorMalformed, .headerMACMismatch, .unsupportedVersion: kind = .headerDamaged
        case .payloadChunkFailed, .emptyFinalChunk: kind = .payloadModified
        case .payloadTruncated: kind = .payloadTruncated
        case .dataAfterFinalChunk: kind = .trailingData
        case .unsupportedRecipientTypes, .workFactorTooHigh: kind = .notABundle
        case .invalidKey, .invalidRecipients: kind = .invalidRequest
        }
        return BundleError(kind, "\(path): \(error)")
    }
}
