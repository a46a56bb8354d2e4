public import LedgerCore

/// Writes a zip front to back, never seeking, so it can stream straight into the age
/// encryption: each entry's CRC and sizes follow its data in a data descriptor (the padding
/// entry, whose bytes are known up front, has them in its header), and the Zip64 forms are
/// always used so entries and offsets past 4 GiB need no special case.
///
/// ZIPFoundation seeks back to patch each local header and rewrites the central directory
/// on every added entry, so it cannot write into an encrypted stream.
public final class ZipStreamWriter {
    private let output: BufferedSink
    private var entries: [CentralEntry] = []
    private let dosTime: UInt16
    private let dosDate: UInt16
    private var open: (name: String, offset: UInt64, deflater: Deflater)?

    struct CentralEntry {
        let name: String
        let offset: UInt64
        let method: UInt16
        let flags: UInt16
        let crc: UInt32
        let compressedSize: UInt64
        let size: UInt64
    }

    /// `modified` stamps every entry: (year, month, day, hour, minute, second), local to nobody.
    public init(sink: any ByteSink, modified: (Int, Int, Int, Int, Int, Int)) {
        output = BufferedSink(sink)
        let (year, month, day, hour, minute, second) = modified
        dosDate = UInt16(max(0, year - 1980) << 9 | month << 5 | day)
        dosTime = UInt16(hour << 11 | minute << 5 | second / 2)
    }

    /// Starts an entry; its bytes follow through `write`, then `closeEntry`.
    public func beginEntry(_ name: String) throws {
        precondition(open == nil, "an entry is still open")
        let offset = output.position
        try output.write(localHeader(name, method: 8, flags: Self.flags, crc: 0, size: 0))
        open = (name, offset, Deflater())
    }

    /// A local header with the Zip64 sizes; a deflated entry's CRC and sizes are zero here
    /// and follow its data in the descriptor.
    private func localHeader(_ name: String, method: UInt16, flags: UInt16, crc: UInt32, size: UInt64) -> [UInt8] {
        var header = LittleEndianBytes()
        header.u32(0x0403_4b50)
        header.u16(45)
        header.u16(flags)
        header.u16(method)
        header.u16(dosTime)
        header.u16(dosDate)
        header.u32(crc)
        header.u32(0xFFFF_FFFF)
        header.u32(0xFFFF_FFFF)
        header.u16(UInt16(name.utf8.count))
        header.u16(20)
        header.bytes(Array(name.utf8))
        header.u16(0x0001)
        header.u16(16)
        header.u64(size)
        header.u64(size)
        return header.storage
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let open else { preconditionFailure("no entry is open") }
        try open.deflater.compress(bytes, into: output)
    }

    public func write(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try write($0) } }

    public func closeEntry() throws {
        guard let current = open else { preconditionFailure("no entry is open") }
        try current.deflater.finish(into: output)
        let deflater = current.deflater
        try endEntry(current.name, offset: current.offset, crc: deflater.crc, compressedSize: deflater.outputSize, size: deflater.inputSize)
        open = nil
    }

    /// Writes an entry compressed beforehand (`prepared.finish()` called), as `beginEntry`,
    /// `write` and `closeEntry` would have written it.
    public func add(_ name: String, _ prepared: PreparedEntry) throws {
        precondition(open == nil, "an entry is still open")
        let offset = output.position
        try output.write(localHeader(name, method: 8, flags: Self.flags, crc: 0, size: 0))
        let deflated = prepared.deflatedBytes
        try output.write(deflated)
        try endEntry(name, offset: offset, crc: prepared.crc, compressedSize: UInt64(deflated.count), size: prepared.size)
    }

    /// The data descriptor after an entry's data, and its central directory record.
    private func endEntry(_ name: String, offset: UInt64, crc: UInt32, compressedSize: UInt64, size: UInt64) throws {
        var descriptor = LittleEndianBytes()
        descriptor.u32(0x0807_4b50)
        descriptor.u32(crc)
        descriptor.u64(compressedSize)
        descriptor.u64(size)
        try output.write(descriptor.storage)
        entries.append(CentralEntry(
            name: name, offset: offset, method: 8, flags: Self.flags, crc: crc, compressedSize: compressedSize, size: size))
    }

    /// Writes one whole entry.
    public func add(_ name: String, _ bytes: [UInt8]) throws {
        try beginEntry(name)
        try write(bytes)
        try closeEntry()
    }

    /// Writes the central directory and the end records, and flushes. With `padding`, a
    /// stored entry of that name holding only zeros comes first, sized so that the zip ends
    /// on a whole 64 KiB age chunk: the encrypted payload then ends on a full final chunk,
    /// and bytes appended to the bundle are named as such instead of as a damaged last
    /// chunk. A stored entry is the one place every reader accepts it: Python's `zipfile`
    /// refuses Zip64 end records with extensible data, and libarchive looks for the end
    /// record in the last 16 KiB only, so a long archive comment hides it.
    public func finish(padding: String? = nil) throws {
        precondition(open == nil, "an entry is still open")
        if let padding { try writePadding(padding) }
        let directoryStart = output.position
        for entry in entries {
            var record = LittleEndianBytes()
            record.u32(0x0201_4b50)
            record.u16(3 << 8 | 45)
            record.u16(45)
            record.u16(entry.flags)
            record.u16(entry.method)
            record.u16(dosTime)
            record.u16(dosDate)
            record.u32(entry.crc)
            record.u32(0xFFFF_FFFF)
            record.u32(0xFFFF_FFFF)
            record.u16(UInt16(entry.name.utf8.count))
            record.u16(28)
            record.u16(0)
            record.u16(0)
            record.u16(0)
            record.u32(UInt32(0o100600) << 16)
            record.u32(0xFFFF_FFFF)
            record.bytes(Array(entry.name.utf8))
            record.u16(0x0001)
            record.u16(24)
            record.u64(entry.size)
            record.u64(entry.compressedSize)
            record.u64(entry.offset)
            try output.write(record.storage)
        }
        let directoryEnd = output.position
        var end = LittleEndianBytes()
        end.u32(0x0606_4b50)
        end.u64(44)
        end.u16(3 << 8 | 45)
        end.u16(45)
        end.u32(0)
        end.u32(0)
        end.u64(UInt64(entries.count))
        end.u64(UInt64(entries.count))
        end.u64(directoryEnd - directoryStart)
        end.u64(directoryStart)
        end.u32(0x0706_4b50)
        end.u32(0)
        end.u64(directoryEnd)
        end.u32(1)
        end.u32(0x0605_4b50)
        end.u16(0)
        end.u16(0)
        end.u16(0xFFFF)
        end.u16(0xFFFF)
        end.u32(0xFFFF_FFFF)
        end.u32(0xFFFF_FFFF)
        end.u16(0)
        try output.write(end.storage)
        try output.flush()
    }

    private func writePadding(_ name: String) throws {
        func centralRecord(_ name: String) -> UInt64 { 46 + UInt64(name.utf8.count) + 28 }
        let directory = entries.reduce(centralRecord(name)) { $0 + centralRecord($1.name) }
        let header = 30 + UInt64(name.utf8.count) + 20
        let endRecords: UInt64 = 56 + 20 + 22
        let count = (Self.chunk - (output.position + header + directory + endRecords) % Self.chunk) % Self.chunk
        let zeros = [UInt8](repeating: 0, count: Int(count))
        var crc = CRC32Stream()
        zeros.withUnsafeBytes { crc.update($0) }
        let offset = output.position
        try output.write(localHeader(name, method: 0, flags: Self.storedFlags, crc: crc.value, size: count))
        try output.write(zeros)
        entries.append(CentralEntry(name: name, offset: offset, method: 0, flags: Self.storedFlags, crc: crc.value, compressedSize: count, size: count))
    }

    static let chunk: UInt64 = 64 * 1024

    /// Data descriptor follows the data (bit 3); names are UTF-8 (bit 11).
    static let flags: UInt16 = 0x0008 | 0x0800
    /// A stored entry's sizes are known up front: no descriptor, UTF-8 name.
    static let storedFlags: UInt16 = 0x0800
}

/// Little-endian fields of zip records.
struct LittleEndianBytes {
    var storage: [UInt8] = []
    mutating func u16(_ value: UInt16) { storage += [UInt8(value & 0xFF), UInt8(value >> 8)] }
    mutating func u32(_ value: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { storage.append(UInt8(truncatingIfNeeded: value >> shift)) } }
    mutating func u64(_ value: UInt64) { for shift in stride(from: 0, to: 64, by: 8) { storage.append(UInt8(truncatingIfNeeded: value >> shift)) } }
    mutating func bytes(_ bytes: [UInt8]) { storage += bytes }
}
