import CZstd

/// zstd compression of single encoded events, with the vault's trained dictionaries.
///
/// Events are 60–300 bytes, where zstd barely helps without a dictionary (ratio ~1.1) and
/// does 2.7–3× with one. Frames are written without magic number, dictionary id, checksum
/// or content size — the record already authenticates its bytes and names its dictionary,
/// and the length travels as a varint — which saves about 8 bytes per event.
final class Compressor {
    private let compression: OpaquePointer
    private let decompression: OpaquePointer
    private var compressionDictionaries: [UInt8: OpaquePointer] = [:]
    private var decompressionDictionaries: [UInt8: OpaquePointer] = [:]
    /// The dictionary each context references now; re-referencing costs a context reset.
    private var compressionReference: UInt8?? = .none
    private var decompressionReference: UInt8?? = .none
    /// Level 1, not DESIGN's 3: with a trained dictionary records grow a little and
    /// compressing costs a third less (see docs/performance.md, "Compressor.level").
    static let level: Int32 = 1

    // Experimental zstd parameters, set by number: ZSTD_c_format (ZSTD_c_experimentalParam2)
    // and ZSTD_d_format (ZSTD_d_experimentalParam1), value ZSTD_f_zstd1_magicless.
    private static let compressionFormatParameter = ZSTD_cParameter(rawValue: 10)
    private static let decompressionFormatParameter = ZSTD_dParameter(rawValue: 1000)
    private static let magicless: Int32 = 1

    init() {
        compression = ZSTD_createCCtx()
        decompression = ZSTD_createDCtx()
        ZSTD_CCtx_setParameter(compression, Self.compressionFormatParameter, Self.magicless)
        ZSTD_CCtx_setParameter(compression, ZSTD_c_contentSizeFlag, 0)
        ZSTD_CCtx_setParameter(compression, ZSTD_c_checksumFlag, 0)
        ZSTD_CCtx_setParameter(compression, ZSTD_c_dictIDFlag, 0)
        ZSTD_CCtx_setParameter(compression, ZSTD_c_compressionLevel, Self.level)
        ZSTD_DCtx_setParameter(decompression, Self.decompressionFormatParameter, Self.magicless)
    }

    deinit {
        ZSTD_freeCCtx(compression)
        ZSTD_freeDCtx(decompression)
        compressionDictionaries.values.forEach { ZSTD_freeCDict($0) }
        decompressionDictionaries.values.forEach { ZSTD_freeDDict($0) }
    }

    func hasDictionary(_ id: UInt8) -> Bool { compressionDictionaries[id] != nil }

    func addDictionary(_ id: UInt8, bytes: [UInt8]) {
        guard compressionDictionaries[id] == nil else { return }
        compressionDictionaries[id] = ZSTD_createCDict(bytes, bytes.count, Self.level)
        decompressionDictionaries[id] = ZSTD_createDDict(bytes, bytes.count)
    }

    /// Appends the compressed form of `input` to `output`; nil if it would not be smaller.
    func compress(_ input: [UInt8], dictionary: UInt8?, into output: inout [UInt8]) -> Bool {
        if compressionReference != .some(dictionary) {
            ZSTD_CCtx_refCDict(compression, dictionary.flatMap { compressionDictionaries[$0] })
            compressionReference = .some(dictionary)
        }
        let bound = ZSTD_compressBound(input.count)
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: bound))
        let written = output.withUnsafeMutableBytes { buffer in
            // Cannot fail: `output` just grew by ZSTD_compressBound(_:), which is positive even for an
            // empty input.
            ZSTD_compress2(compression, buffer.baseAddress! + start, bound, input, input.count)
        }
        guard ZSTD_isError(written) == 0, written < input.count else {
            output.removeSubrange(start...)
            return false
        }
        output.removeSubrange((start + written)...)
        return true
    }

    func decompress(_ input: ArraySlice<UInt8>, originalSize: Int, dictionary: UInt8?) throws(CompressionError) -> [UInt8] {
        if let dictionary, decompressionDictionaries[dictionary] == nil { throw .missingDictionary(dictionary) }
        if decompressionReference != .some(dictionary) {
            ZSTD_DCtx_refDDict(decompression, dictionary.flatMap { decompressionDictionaries[$0] })
            decompressionReference = .some(dictionary)
        }
        var output = [UInt8](repeating: 0, count: originalSize)
        let written = input.withUnsafeBytes { source in
            ZSTD_decompressDCtx(decompression, &output, originalSize, source.baseAddress, source.count)
        }
        guard ZSTD_isError(written) == 0 else { throw .corrupt(String(cString: ZSTD_getErrorName(written))) }
        guard written == originalSize else { throw .corrupt("expected \(originalSize) bytes, got \(written)") }
        return output
    }

    /// Trains a dictionary of at most `capacity` bytes on `samples`; nil when zstd finds too little to learn.
    ///
    /// zstd's default training (fastCover, d 8, 4 steps) with a table of 2¹⁷ rather than
    /// 2²⁰ entries: the default's table comes on top of a large import's memory at its
    /// retraining, and the smaller one trains as good a dictionary (see docs/performance.md,
    /// "Compressor.trainDictionary").
    static func trainDictionary(samples: DictionarySamples, capacity: Int) -> [UInt8]? {
        var parameters = ZDICT_fastCover_params_t()
        parameters.d = 8
        parameters.steps = 4
        parameters.f = 17
        parameters.zParams.compressionLevel = 3
        var dictionary = [UInt8](repeating: 0, count: capacity)
        let size = ZDICT_optimizeTrainFromBuffer_fastCover(
            &dictionary, capacity, samples.joined, samples.sizes, UInt32(samples.count), &parameters)
        guard ZDICT_isError(size) == 0 else { return nil }
        return Array(dictionary.prefix(size))
    }
}

enum CompressionError: Error, CustomStringConvertible {
    case missingDictionary(UInt8)
    case corrupt(String)

    var description: String {
        switch self {
        case .missingDictionary(let id): "compression dictionary \(id) is missing from the vault"
        case .corrupt(let why): "compressed data is corrupt (\(why))"
        }
    }
}

/// Dictionary training as the ledger does it, for tools that compare against it.
public enum ZstdDictionary {
    public static func train(samples: [[UInt8]]) -> [UInt8]? {
        var gathered = DictionarySamples()
        for sample in samples where !gathered.isFull { sample.withUnsafeBytes { gathered.add($0) } }
        return Compressor.trainDictionary(samples: gathered, capacity: Ledger.dictionaryCapacity)
    }
}
