import CIsal
import Foundation

/// Streams one zip entry's bytes, inflated by ISA-L (or stored as they are), checking its
/// CRC-32 and size at the end.
///
/// ISA-L rather than zlib: inflating and checking the export is a large share of an import's
/// parsing (docs/performance.md, `ZipEntryStream`).
public enum ZipEntryStream {
    /// Why an entry's bytes could not be read; the caller names the zip and the entry.
    public struct Failure: Error, CustomStringConvertible {
        private enum Reason {
            case truncated
            case corrupt(Int32)
            case unsupportedMethod(UInt16)
            case noLocalHeader
            case longerThanClaimed(UInt64)
        }

        private let reason: Reason

        private init(_ reason: Reason) { self.reason = reason }

        /// The file ends inside the entry's compressed data.
        public static let truncated = Self(.truncated)
        /// The compressed data does not inflate; `status` is ISA-L's.
        static func corrupt(_ status: Int32) -> Self { Self(.corrupt(status)) }
        /// The entry is compressed with `method`, neither deflate nor stored.
        static func unsupportedMethod(_ method: UInt16) -> Self { Self(.unsupportedMethod(method)) }
        /// The central directory points at no local header.
        public static let noLocalHeader = Self(.noLocalHeader)
        /// The data inflates to more than the `claimed` size of the central directory.
        static func longerThanClaimed(_ claimed: UInt64) -> Self { Self(.longerThanClaimed(claimed)) }

        public var description: String {
            switch reason {
            case .truncated: "the file ends inside the compressed data"
            case .noLocalHeader: "no entry header where the central directory says one is"
            case .corrupt(let status): "the compressed data is damaged (inflate status \(status))"
            case .unsupportedMethod(let method): "compression method \(method) is not deflate or stored"
            case .longerThanClaimed(let claimed): "the data inflates to more than the \(claimed) bytes its directory entry claims"
            }
        }
    }

    /// Calls `body` with the entry's bytes in chunks of up to `chunkSize`; false when they do
    /// not match the entry's CRC-32 or size. `body` never receives more than the size the
    /// central directory claims, so a caller may hold an entry whose claim it has bounded.
    public static func read(
        _ item: ZipDirectory.Item, at dataOffset: UInt64, descriptor: Int32, chunkSize: Int,
        _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Bool {
        // Sizes come from the file: data claimed to reach past what a file can hold is short.
        guard dataOffset <= UInt64(off_t.max), item.compressedSize <= UInt64(off_t.max) - dataOffset else { throw Failure.truncated }
        switch item.method {
        case 8: return try inflate(item, at: dataOffset, descriptor: descriptor, chunkSize: chunkSize, body)
        case 0: return try copyStored(item, at: dataOffset, descriptor: descriptor, chunkSize: chunkSize, body)
        default: throw Failure.unsupportedMethod(item.method)
        }
    }

    private static func inflate(
        _ item: ZipDirectory.Item, at dataOffset: UInt64, descriptor: Int32, chunkSize: Int,
        _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Bool {
        let state = UnsafeMutablePointer<inflate_state>.allocate(capacity: 1)
        defer { state.deallocate() }
        isal_inflate_init(state)
        state.pointee.crc_flag = UInt32(ISAL_GZIP_NO_HDR)
        let input = UnsafeMutableRawBufferPointer.allocate(byteCount: max(Int(min(item.compressedSize, 1 << 20)), 1), alignment: 64)
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 64)
        defer {
            input.deallocate()
            output.deallocate()
        }
        var offset = dataOffset
        var remaining = item.compressedSize
        var produced: UInt64 = 0
        while state.pointee.block_state != ISAL_BLOCK_FINISH {
            if state.pointee.avail_in == 0, remaining > 0 {
                let got = pread(descriptor, input.baseAddress, Int(min(UInt64(input.count), remaining)), off_t(offset))
                guard got > 0 else { throw Failure.truncated }
                offset += UInt64(got)
                remaining -= UInt64(got)
                // Cannot fail: `input` was allocated above, and an allocation always has an address.
                state.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: UInt8.self)
                state.pointee.avail_in = UInt32(got)
            }
            // Cannot fail: `output` was allocated above, and an allocation always has an address.
            state.pointee.next_out = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
            state.pointee.avail_out = UInt32(output.count)
            let status = isal_inflate(state)
            guard status >= ISAL_DECOMP_OK else { throw Failure.corrupt(status) }
            let count = output.count - Int(state.pointee.avail_out)
            produced += UInt64(count)
            guard produced <= item.uncompressedSize else { throw Failure.longerThanClaimed(item.uncompressedSize) }
            if count > 0 { try body(UnsafeRawBufferPointer(rebasing: output[..<count])) }
            // ISA-L may hold input it has taken but not yet written out: only a call that
            // writes nothing with nothing left to give it means the data ends too soon.
            if count == 0, state.pointee.avail_in == 0, remaining == 0, state.pointee.block_state != ISAL_BLOCK_FINISH {
                throw Failure.truncated
            }
        }
        return state.pointee.crc == item.crc && produced == item.uncompressedSize
    }

    private static func copyStored(
        _ item: ZipDirectory.Item, at dataOffset: UInt64, descriptor: Int32, chunkSize: Int,
        _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Bool {
        guard item.compressedSize == item.uncompressedSize else { return false }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 64)
        defer { buffer.deallocate() }
        var offset = dataOffset
        var remaining = item.compressedSize
        var crc: UInt32 = 0
        while remaining > 0 {
            let got = pread(descriptor, buffer.baseAddress, Int(min(UInt64(buffer.count), remaining)), off_t(offset))
            guard got > 0 else { throw Failure.truncated }
            offset += UInt64(got)
            remaining -= UInt64(got)
            // Cannot fail: `buffer` was allocated above, and an allocation always has an address.
            crc = crc32_gzip_refl(crc, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(got))
            try body(UnsafeRawBufferPointer(rebasing: buffer[..<got]))
        }
        return crc == item.crc
    }
}
