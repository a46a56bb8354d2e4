import Foundation

/// Where a stream of bytes goes: a file, the age encryption, a hash.
public protocol ByteSink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// Where a stream of bytes comes from; `read` returns 0 at the end.
public protocol ByteSource: AnyObject {
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

extension ByteSink {
    public func write(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try write($0) } }
    public func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }
}

/// Why a file could not be read or written.
public struct FileStreamError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "\(path): \(reason)" }
}

/// A file written through `write(2)`, created readable by its owner only: a plaintext
/// extract or a bundle is nobody else's business.
public final class FileSink: ByteSink {
    public let path: String
    private let descriptor: Int32

    public init(path: String) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileStreamError(path: path, reason: String(cString: strerror(errno))) }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw FileStreamError(path: path, reason: String(cString: strerror(errno)))
            }
            offset += written
        }
    }

    /// Flushes to disk, so a bundle reported written is written.
    public func synchronize() throws {
        guard fsync(descriptor) == 0 else { throw FileStreamError(path: path, reason: String(cString: strerror(errno))) }
    }

    deinit { close(descriptor) }
}

/// A file read through `read(2)`.
public final class FileSource: ByteSource {
    public let path: String
    private let descriptor: Int32

    public init(path: String) throws {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileStreamError(path: path, reason: String(cString: strerror(errno))) }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress!, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw FileStreamError(path: path, reason: String(cString: strerror(errno))) }
        }
    }

    deinit { close(descriptor) }
}
