import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file or standard input read in chunks, so a video piped from ffmpeg (gigabytes) is
/// never held whole in memory.
final class ByteInput {
    let name: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private var position = 0
    private var ended = false

    /// `-` is standard input.
    init(path: String) throws(ImportError) {
        if path == "-" {
            name = "standard input"
            descriptor = STDIN_FILENO
            ownsDescriptor = false
        } else {
            name = path
            descriptor = open(path, O_RDONLY)
            ownsDescriptor = true
            guard descriptor >= 0 else {
                let reason = String(cString: strerror(errno))
                throw errno == ENOENT ? .missing(path, "no such file: give the path of a recording, or - for standard input") : .unreadable(path, reason)
            }
        }
    }

    deinit { if ownsDescriptor { close(descriptor) } }

    /// The next bytes without consuming them (fewer at the end of the input).
    func peek(_ count: Int) throws(ImportError) -> ArraySlice<UInt8> {
        try fill(count)
        return buffer[position..<min(buffer.count, position + count)]
    }

    /// Bytes up to and without the next newline; nil at the end of the input.
    func line(limit: Int = 4096) throws(ImportError) -> String? {
        var bytes: [UInt8] = []
        while true {
            try fill(1)
            guard position < buffer.count else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            let byte = buffer[position]
            position += 1
            if byte == 0x0a { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
            guard bytes.count <= limit else { throw .malformed(name, "a header line is longer than \(limit) bytes") }
        }
    }

    /// Exactly `count` bytes; nil when the input ends first.
    func read(exactly count: Int) throws(ImportError) -> ArraySlice<UInt8>? {
        try fill(count)
        guard buffer.count - position >= count else { return nil }
        defer { position += count }
        return buffer[position..<(position + count)]
    }

    /// Everything left, as text.
    func rest() throws(ImportError) -> String {
        while !ended { try fill(buffer.count - position + (1 << 20)) }
        defer { position = buffer.count }
        return String(decoding: buffer[position...], as: UTF8.self)
    }

    private func fill(_ count: Int) throws(ImportError) {
        if position > 0, position >= buffer.count / 2 {
            buffer.removeFirst(position)
            position = 0
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while !ended, buffer.count - position < count {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if got > 0 {
                buffer.append(contentsOf: chunk[0..<got])
            } else if got == 0 {
                ended = true
            } else if errno != EINTR {
                throw .unreadable(name, String(cString: strerror(errno)))
            }
        }
    }
}
