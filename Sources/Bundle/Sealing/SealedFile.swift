public import AgeFormat
import Foundation
public import LedgerCore
import Zip

/// A bundle file being written: the zip's bytes go through the age encryption into the
/// file. Time spent encrypting and writing is kept apart, for comparison with `age`.
public final class SealedFile {
    private let file: AgeFileOutput
    private let buffered: BufferedSink
    private let writer: AgeWriter
    private let timed: TimedSink
    public var sink: any ByteSink { timed }

    public init(path: String, recipients: [AgeRecipient]) throws {
        file = try AgeFileOutput(path: path, overwrite: true)
        buffered = BufferedSink(file, capacity: 1 << 20)
        writer = try AgeWriter(recipients: recipients, output: buffered)
        timed = TimedSink(writer)
    }

    public var bytesWritten: UInt64 { buffered.position }
    public var sealSeconds: Double { timed.seconds }

    public func finish() throws {
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
