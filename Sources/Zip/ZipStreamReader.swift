public import LedgerCore

/// Reads the zips `ZipStreamWriter` makes front to back from a stream (the age
/// decryption), entry by entry, checking each entry's CRC-32 and sizes.
///
/// Only what the writer produces is accepted — deflated entries with data descriptors, or
/// stored and deflated entries with their sizes in the local header — which is every zip
/// this project writes; anything else is reported as damage, not guessed at.
public final class ZipStreamReader {
    private let source: any ByteSource
    private var buffer = [UInt8](repeating: 0, count: 1 << 17)
    private var start = 0
    private var end = 0
    private var atEnd = false
    private var pending: LocalHeader?

    struct LocalHeader {
        let name: String
        let flags: UInt16
        let method: UInt16
        let crc: UInt32
        let compressedSize: UInt64
        let size: UInt64
        let zip64: Bool
    }

    public init(source: any ByteSource) { self.source = source }

    /// The next entry's name, or nil at the central directory (the end of the entries).
    public func nextEntry() throws -> String? {
        precondition(pending == nil, "the previous entry was not read")
        let signature = try littleEndian(4)
        if signature == 0x0201_4b50 || signature == 0x0606_4b50 || signature == 0x0605_4b50 { return nil }
        guard signature == 0x0403_4b50 else { throw ZipFormatError("no entry where one should start") }
        let fixed = try take(26)
        func field(_ at: Int, _ width: Int) -> UInt64 { (0..<width).reduce(0) { $0 | UInt64(fixed[at + $1]) << (8 * $1) } }
        let nameLength = Int(field(22, 2)), extraLength = Int(field(24, 2))
        let name = String(decoding: try take(nameLength), as: UTF8.self)
        let extra = try take(extraLength)
        var size = field(18, 4), compressedSize = field(14, 4)
        var zip64 = false
        var cursor = 0
        while cursor + 4 <= extra.count {
            let id = UInt16(extra[cursor]) | UInt16(extra[cursor + 1]) << 8
            let length = Int(UInt16(extra[cursor + 2]) | UInt16(extra[cursor + 3]) << 8)
            if id == 1, length >= 16, cursor + 4 + length <= extra.count {
                zip64 = true
                func u64(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(extra[at + $1]) << (8 * $1) } }
                size = u64(cursor + 4)
                compressedSize = u64(cursor + 12)
            }
            cursor += 4 + length
        }
        pending = LocalHeader(
            name: name, flags: UInt16(field(2, 2)), method: UInt16(field(4, 2)), crc: UInt32(field(10, 4)),
            compressedSize: compressedSize, size: size, zip64: zip64)
        return name
    }

    /// Streams the current entry's bytes to `body` and checks them against the CRC and sizes.
    public func readEntry(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let header = pending else { preconditionFailure("no entry is open") }
        pending = nil
        let usesDescriptor = header.flags & 0x0008 != 0
        var crc: UInt32
        var size: UInt64
        var compressed: UInt64 = 0
        switch (header.method, usesDescriptor) {
        case (8, _):
            let inflater = Inflater()
            while !inflater.finished {
                try fill()
                guard end > start else { throw ZipFormatError("\(header.name) is cut short") }
                let used = try buffer[start..<end].withUnsafeBytes { try inflater.inflate($0, body) }
                start += used
                compressed += UInt64(used)
            }
            crc = inflater.crc
            size = inflater.outputSize
        case (0, false):
            var remaining = header.size
            var checksum = CRC32Stream()
            while remaining > 0 {
                try fill()
                guard end > start else { throw ZipFormatError("\(header.name) is cut short") }
                let count = Int(min(UInt64(end - start), remaining))
                try buffer[start..<start + count].withUnsafeBytes { chunk in
                    checksum.update(chunk)
                    try body(chunk)
                }
                start += count
                remaining -= UInt64(count)
            }
            compressed = header.size
            crc = checksum.value
            size = header.size
        default:
            throw ZipFormatError("\(header.name) uses compression method \(header.method), which bundles never do")
        }
        var expected = (crc: header.crc, compressed: header.compressedSize, size: header.size)
        if usesDescriptor {
            var signatureOrCRC = try littleEndian(4)
            if signatureOrCRC == 0x0807_4b50 { signatureOrCRC = try littleEndian(4) }
            let width = header.zip64 ? 8 : 4
            expected = (UInt32(signatureOrCRC), try littleEndian(width), try littleEndian(width))
        }
        guard expected.crc == crc, expected.size == size, expected.compressed == compressed else {
            throw ZipFormatError("\(header.name) does not match its CRC-32 or size")
        }
    }

    private func fill() throws {
        guard start == end, !atEnd else { return }
        start = 0
        end = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
        if end == 0 { atEnd = true }
    }

    private func take(_ count: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            try fill()
            guard end > start else { throw ZipFormatError("the zip is cut short") }
            let step = min(end - start, count - bytes.count)
            bytes += buffer[start..<start + step]
            start += step
        }
        return bytes
    }

    private func littleEndian(_ width: Int) throws -> UInt64 {
        try take(width).enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * $1.offset) }
    }
}
