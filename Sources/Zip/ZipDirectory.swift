import Foundation

/// A zip's central directory as stored, read once: each file's path, compression, checksum,
/// sizes and where its local header is, in the directory's order (ZIP64 included). With
/// where an entry's bytes start, `ZipEntryStream` inflates them in place.
public struct ZipDirectory: Equatable {
    public struct Item: Equatable {
        public let method: UInt16
        public let crc: UInt32
        public let compressedSize: UInt64
        public let uncompressedSize: UInt64
        public let localHeaderOffset: UInt64
        /// The name as stored, read as UTF-8; a folder's ends in "/".
        public let path: String

        public init(method: UInt16, crc: UInt32, compressedSize: UInt64, uncompressedSize: UInt64, localHeaderOffset: UInt64, path: String = "") {
            (self.method, self.crc, self.compressedSize) = (method, crc, compressedSize)
            (self.uncompressedSize, self.localHeaderOffset, self.path) = (uncompressedSize, localHeaderOffset, path)
        }

        public var isFolder: Bool { path.hasSuffix("/") }
    }

    public let items: [Item]

    /// Nil when the file has no readable central directory.
    public init?(descriptor: Int32) {
        guard let size = Self.fileSize(descriptor), size >= 22 else { return nil }
        // The end record is in the last 22 bytes, before a comment of at most 65,535.
        let tailLength = Int(min(size, 22 + 65_535))
        guard let tail = Self.read(descriptor, at: size - UInt64(tailLength), count: tailLength),
              let end = (0...(tailLength - 22)).reversed().first(where: { tail.uint32(at: $0) == 0x0605_4B50 }) else { return nil }
        var count = UInt64(tail.uint16(at: end + 10))
        var directorySize = UInt64(tail.uint32(at: end + 12))
        var directoryOffset = UInt64(tail.uint32(at: end + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // ZIP64: a locator right before the end record points at the ZIP64 end record.
            let locatorPosition = size - UInt64(tailLength) + UInt64(end)
            guard locatorPosition >= 20, let locator = Self.read(descriptor, at: locatorPosition - 20, count: 20),
                  locator.uint32(at: 0) == 0x0706_4B50, let record = Self.read(descriptor, at: locator.uint64(at: 8), count: 56),
                  record.uint32(at: 0) == 0x0606_4B50 else { return nil }
            (count, directorySize, directoryOffset) = (record.uint64(at: 32), record.uint64(at: 40), record.uint64(at: 48))
        }
        // The directory's claimed size is checked against the file before anything is
        // allocated for it: a 266-byte file may claim a 2 GB directory.
        guard directorySize < 1 << 31, directorySize <= size, directoryOffset <= size - directorySize,
              count <= directorySize / 46,
              let directory = Self.read(descriptor, at: directoryOffset, count: Int(directorySize)) else { return nil }
        var items: [Item] = []
        var position = 0
        for _ in 0..<count {
            guard position + 46 <= directory.count, directory.uint32(at: position) == 0x0201_4B50 else { return nil }
            let nameLength = Int(directory.uint16(at: position + 28))
            let extraLength = Int(directory.uint16(at: position + 30))
            let commentLength = Int(directory.uint16(at: position + 32))
            guard position + 46 + nameLength + extraLength <= directory.count else { return nil }
            var compressed = UInt64(directory.uint32(at: position + 20))
            var uncompressed = UInt64(directory.uint32(at: position + 24))
            var offset = UInt64(directory.uint32(at: position + 42))
            // ZIP64 extra field: 64-bit values for whichever of the three are saturated, in order.
            var extra = position + 46 + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let id = directory.uint16(at: extra), length = Int(directory.uint16(at: extra + 2))
                if id == 0x0001 {
                    var field = extra + 4
                    if uncompressed == 0xFFFF_FFFF, field + 8 <= extraEnd { uncompressed = directory.uint64(at: field); field += 8 }
                    if compressed == 0xFFFF_FFFF, field + 8 <= extraEnd { compressed = directory.uint64(at: field); field += 8 }
                    if offset == 0xFFFF_FFFF, field + 8 <= extraEnd { offset = directory.uint64(at: field) }
                }
                extra += 4 + length
            }
            let name = directory[(position + 46)..<(position + 46 + nameLength)]
            items.append(Item(
                method: directory.uint16(at: position + 10), crc: directory.uint32(at: position + 16),
                compressedSize: compressed, uncompressedSize: uncompressed, localHeaderOffset: offset,
                path: String(decoding: name, as: UTF8.self)))
            position += 46 + nameLength + extraLength + commentLength
        }
        self.items = items
    }

    /// Where `item`'s compressed bytes start: after its local header's name and extra field.
    public static func dataOffset(of item: Item, descriptor: Int32) -> UInt64? {
        guard let header = read(descriptor, at: item.localHeaderOffset, count: 30), header.uint32(at: 0) == 0x0403_4B50 else { return nil }
        return item.localHeaderOffset + 30 + UInt64(header.uint16(at: 26)) + UInt64(header.uint16(at: 28))
    }

    private static func fileSize(_ descriptor: Int32) -> UInt64? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return UInt64(status.st_size)
    }

    private static func read(_ descriptor: Int32, at offset: UInt64, count: Int) -> [UInt8]? {
        // Offsets come from the file: one past what a file can hold is refused, not trapped on.
        guard offset <= UInt64(off_t.max) - UInt64(count) else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            // Cannot fail: `bytes` holds `count` bytes, more than `done`, so it is not empty.
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done)) }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }
}

private extension [UInt8] {
    func uint16(at offset: Int) -> UInt16 { UInt16(self[offset]) | UInt16(self[offset + 1]) << 8 }
    func uint32(at offset: Int) -> UInt32 { UInt32(uint16(at: offset)) | UInt32(uint16(at: offset + 2)) << 16 }
    func uint64(at offset: Int) -> UInt64 { UInt64(uint32(at: offset)) | UInt64(uint32(at: offset + 4)) << 32 }
}
