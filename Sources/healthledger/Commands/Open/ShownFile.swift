import AgeFormat
import Foundation
import HealthBundle

/// One file of a bundle for `open --show`: its bytes are held in a temporary file that has
/// no name (unlinked as soon as it is made, so nothing is left behind whatever happens)
/// and are written out only once the whole bundle verified.
final class ShownFile {
    let path: String
    private let descriptor: Int32
    private let staged: AgeFileOutput
    private(set) var size: UInt64 = 0
    private(set) var found = false

    init(path: String) throws {
        self.path = path
        var template = Array((NSTemporaryDirectory() + "/healthledger-show-XXXXXX").utf8CString)
        descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            throw ExitStatus.Failure(status: .ioError, message: "cannot make a temporary file to hold \(path): \(String(cString: strerror(errno)))")
        }
        unlink(template)
        staged = AgeFileOutput(fileDescriptor: descriptor, name: "the temporary copy of \(path)")
    }

    deinit { close(descriptor) }

    func consumer(_ entry: String) -> BundleReader.EntryConsumer? {
        guard entry == path else { return nil }
        found = true
        return .init(consume: { [self] bytes in
            try staged.write(bytes)
            size += UInt64(bytes.count)
        })
    }

    /// Whether the file's start is not text a terminal can show: a PDF (whose first kilobytes,
    /// as this ledger writes them, are all UTF-8), a control character other than a tab or a
    /// line break (a NUL in an image or a zip, an escape that would drive the terminal), or
    /// bytes that are not UTF-8.
    func isBinary() throws -> Bool {
        var head = [UInt8](repeating: 0, count: 4096)
        let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else {
            throw ExitStatus.Failure(status: .ioError, message: "cannot read back the temporary copy of \(path): \(String(cString: strerror(errno)))")
        }
        // A character cut at the 4096th byte is not a sign of binary: leave its bytes out.
        var end = count
        while count == head.count, end > count - 3, head[end - 1] >= 0x80 { end -= 1 }
        let checked = head[0..<end]
        return checked.starts(with: Self.pdfSignature) || checked.contains(where: Self.isControl)
            || String(validating: checked, as: UTF8.self) == nil
    }

    private static let pdfSignature = Array("%PDF-".utf8)

    private static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
    }

    /// Writes the verified file to `output`.
    func deliver(to output: AgeFileOutput) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            guard count >= 0 else {
                throw ExitStatus.Failure(status: .ioError, message: "cannot read back the temporary copy of \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { return }
            try buffer.withUnsafeBytes { try output.write(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            offset += off_t(count)
        }
    }
}
