import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file in the temporary folder that no one else can open: it is unlinked as soon as it is
/// made, so it goes away with the process however the process ends.
final class ScratchFile {
    private let descriptor: Int32
    /// Where the next append goes.
    private(set) var size: Int64 = 0

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init() throws(Failure) {
        // Foundation's temporary folder: $TMPDIR, else /tmp.
        let folder = FileManager.default.temporaryDirectory.path
        var template = Array("\(folder)/healthledger-scratch-XXXXXX".utf8CString)
        // Cannot fail: the template holds the folder, the name and its NUL.
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw Failure(description: "could not make a scratch file in \(folder): \(String(cString: strerror(errno))); set TMPDIR to a writable folder")
        }
        // Cannot fail: the template holds the path mkstemp made and its NUL.
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Writes `bytes` at the end; returns where they start.
    func append(_ bytes: [UInt8]) throws(Failure) -> Int64 {
        let offset = size
        var written = 0
        while written < bytes.count {
            // Cannot fail: `bytes` holds more than `written` bytes (the loop's condition), so it is not
            // empty.
            let count = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + written, bytes.count - written, off_t(offset) + off_t(written)) }
            guard count > 0 else { throw Failure(description: "could not write the import's scratch file: \(String(cString: strerror(errno)))") }
            written += count
        }
        size += Int64(bytes.count)
        return offset
    }

    func read(at offset: Int64, count: Int) throws(Failure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            // Cannot fail: `bytes` holds `count` bytes, more than `done` (the loop's condition), so it is
            // not empty.
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done)) }
            guard read > 0 else { throw Failure(description: "could not read the import's scratch file back: \(read == 0 ? "it ended early" : String(cString: strerror(errno)))") }
            done += read
        }
        return bytes
    }

    /// Empties the file for reuse.
    func clear() {
        _ = ftruncate(descriptor, 0)
        size = 0
    }
}
