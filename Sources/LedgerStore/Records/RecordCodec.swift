import LedgerCore
import LedgerCrypto

/// The record pipeline: an encoded envelope is compressed into the record's plaintext, then
/// sealed at its sequence number; a stored record is opened, then decompressed back to the
/// envelope. Encoding and decoding the envelope itself is `EnvelopeCodec`'s.
///
/// The plaintext is `codec (1) ‖ [encoded length varint ‖ zstd frame | encoded bytes]`:
/// codec 0 is uncompressed, 1 zstd without dictionary, 2… zstd with dictionary `codec − 1`.
///
/// One per thread: it owns a zstd context.
final class RecordCodec {
    let sealer: RecordSealer
    private let compressor = Compressor()
    private let shelf: DictionaryShelf
    /// The key of the last batch opened: records are read a batch at a time.
    private var openingKey: RecordSealer.BatchKey?
    /// The long strings of the events this codec's thread decoded lately.
    var strings = StringTable()

    init(sealer: RecordSealer, shelf: DictionaryShelf) {
        self.sealer = sealer
        self.shelf = shelf
    }

    /// A codec of its own (its own zstd context) over the same key and dictionaries.
    func sibling() -> RecordCodec { RecordCodec(sealer: sealer, shelf: shelf) }

    // MARK: Writing

    /// The dictionary new records are compressed with.
    var newestDictionary: UInt8? { shelf.current }

    /// Appends the plaintext of the record for `encoded`, compressed with `dictionary`
    /// (or stored as it is when that would not be smaller), to `bytes`; returns where it lies.
    func compress(_ encoded: [UInt8], dictionary: UInt8?, into bytes: inout [UInt8]) -> Range<Int> {
        useDictionary(dictionary)
        let start = bytes.count
        bytes.append(dictionary.map { $0 + 1 } ?? 1)
        var length = UInt64(encoded.count)
        while length >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: length) | 0x80)
            length >>= 7
        }
        bytes.append(UInt8(length))
        if !compressor.compress(encoded, dictionary: dictionary, into: &bytes) {
            bytes.removeSubrange(start...)
            bytes.append(0)
            bytes.append(contentsOf: encoded)
        }
        return start..<bytes.count
    }

    /// Appends the sealed record for `plain` at `sequence` of `batch` to `record`.
    func seal(_ plain: UnsafeRawBufferPointer, sequence: UInt64, batch: RecordSealer.BatchKey, into record: inout [UInt8]) {
        sealer.seal(plain, sequence: sequence, batch: batch, into: &record)
    }

    /// The sealed record for `plain` at `sequence` of `batch`.
    func seal(_ plain: UnsafeRawBufferPointer, sequence: UInt64, batch: RecordSealer.BatchKey) -> [UInt8] {
        var record: [UInt8] = []
        record.reserveCapacity(plain.count + RecordSealer.overhead)
        seal(plain, sequence: sequence, batch: batch, into: &record)
        return record
    }

    // MARK: Reading

    /// The encoded envelope inside `record`: opened, then decompressed.
    func open(_ record: UnsafeRawBufferPointer, sequence: UInt64, noncePrefix: [UInt8]) throws(RecordError) -> [UInt8] {
        let plain: [UInt8]
        do {
            plain = try sealer.open(record, sequence: sequence, batch: key(noncePrefix))
        } catch {
            throw .seal(error)
        }
        return try decompress(plain)
    }

    /// The reverse of `compress`.
    private func decompress(_ plain: [UInt8]) throws(RecordError) -> [UInt8] {
        guard let codec = plain.first else { throw .malformed("empty plaintext") }
        if codec == 0 { return Array(plain.dropFirst()) }
        let dictionary = codec >= 2 ? codec - 1 : nil
        useDictionary(dictionary)
        var reader = BinaryReader(plain, offset: 1)
        do {
            let size = Int(try reader.varint())
            guard size <= EventLimits.maximumEncodedSize else { throw RecordError.malformed("implausible size \(size)") }
            return try compressor.decompress(plain[reader.offset...], originalSize: size, dictionary: dictionary)
        } catch let error as RecordError {
            throw error
        } catch {
            throw .malformed("\(error)")
        }
    }

    /// Loads `dictionary` into this codec's contexts the first time it is used.
    private func useDictionary(_ dictionary: UInt8?) {
        if let dictionary, !compressor.hasDictionary(dictionary), let bytes = shelf.bytes(dictionary) {
            compressor.addDictionary(dictionary, bytes: bytes)
        }
    }

    private func key(_ noncePrefix: [UInt8]) -> RecordSealer.BatchKey {
        if let openingKey, openingKey.noncePrefix == noncePrefix { return openingKey }
        let key = sealer.batchKey(noncePrefix)
        openingKey = key
        return key
    }
}

/// Why a stored record did not open.
enum RecordError: Error, CustomStringConvertible {
    case seal(SealError)
    case malformed(String)

    var description: String {
        switch self {
        case .seal(let error): "\(error)"
        case .malformed(let why): "decrypted but malformed: \(why)"
        }
    }
}
