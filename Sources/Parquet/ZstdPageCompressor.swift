import CZstd

/// Compresses page bodies with zstd (Parquet codec ZSTD), reusing one context.
final class ZstdPageCompressor {
    private let context: OpaquePointer
    private let level: Int32

    init(level: Int32 = 3) {
        context = ZSTD_createCCtx()
        self.level = level
    }

    deinit { ZSTD_freeCCtx(context) }

    func compress(_ input: [UInt8]) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: ZSTD_compressBound(input.count))
        let written = input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                ZSTD_compressCCtx(context, target.baseAddress, target.count, source.baseAddress, source.count, level)
            }
        }
        if ZSTD_isError(written) != 0 { throw ParquetError.compression(String(cString: ZSTD_getErrorName(written))) }
        output.removeSubrange(written...)
        return output
    }
}
