public import Glibc
public import LedgerCore

/// A file (or standard output) an ``AgeWriter`` writes to, through its file descriptor.
public final class AgeFileOutput: AgeOutput {
    private let descriptor: Int32
    private let path: String
    private let owned: Bool

    /// Creates `path` with `permissions`, refusing to replace an existing file unless `overwrite`.
    public init(path: String, permissions: mode_t = 0o600, overwrite: Bool = false) throws(AgeFileError) {
        do {
            descriptor = try OwnerOnlyFile.open(path, existing: overwrite ? .truncate : .refuse, permissions: permissions)
        } catch {
            throw AgeFileError(path: path, operation: "create", code: error.code)
        }
        self.path = path
        owned = true
    }

    /// Writes to a descriptor the caller owns and closes (standard output is 1).
    public init(fileDescriptor: Int32, name: String = "standard output") {
        descriptor = fileDescriptor
        path = name
        owned = false
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        do {
            try WriteAll.write(bytes, to: descriptor)
        } catch {
            throw AgeFileError(path: path, operation: "write", code: error.code)
        }
    }

    /// Flushes the file to disk, so a finished bundle survives a crash.
    public func synchronize() throws(AgeFileError) {
        guard fsync(descriptor) == 0 else { throw AgeFileError(path: path, operation: "sync", code: errno) }
    }

    deinit { if owned { close(descriptor) } }
}

/// A file (or standard input) an ``AgeReader`` reads from, through its file descriptor.
public final class AgeFileInput: AgeInput {
    private let descriptor: Int32
    private let path: String
    private let owned: Bool

    public init(path: String) throws(AgeFileError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw AgeFileError(path: path, operation: "open", code: errno) }
        self.descriptor = descriptor
        self.path = path
        owned = true
    }

    /// Reads from a descriptor the caller owns and closes (standard input is 0).
    public init(fileDescriptor: Int32, name: String = "standard input") {
        descriptor = fileDescriptor
        path = name
        owned = false
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        // An empty buffer takes nothing, as read(2) with a count of 0; it may have no address.
        guard !buffer.isEmpty else { return 0 }
        while true {
            // Cannot fail: `buffer` is not empty (checked above).
            let count = Glibc.read(descriptor, buffer.baseAddress!, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw AgeFileError(path: path, operation: "read", code: errno) }
        }
    }

    deinit { if owned { close(descriptor) } }
}

/// A file could not be opened, read or written.
public struct AgeFileError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let operation: String
    /// The `errno` value of the failed call (`EEXIST` when creating a file that exists).
    public let code: Int32

    public var description: String {
        let reason = String(cString: strerror(code))
        return code == EEXIST ? "\(path) already exists; choose another path or remove it" : "cannot \(operation) \(path): \(reason)"
    }
}
