import LedgerCore
import LedgerCrypto

/// Seals prepared plaintexts at their sequence numbers, and opens records back to the
/// encoded envelope (decrypt → decompress).
final class RecordCodec {
    let sealer: RecordSealer
    private let compressor = Compressor()
    private let shelf: DictionaryShelf
    /// The key of the last batch opened: records are read a batch at a time.
    private var openingKey: RecordSealer.BatchKey?

    init(sealer: RecordSealer, shelf: DictionaryShelf) {
        self.sealer = sealer
        self.shelf = shelf
    }

    /// The sealed record for a prepared plaintext at `sequence` of `batch`.
    func seal(_ plain: UnsafeRawBufferPointer, sequence: UInt64, batch: RecordSealer.BatchKey) -> [UInt8] {
        var record: [UInt8] = []
        record.reserveCapacity(plain.count + RecordSealer.overhead)
        sealer.seal(plain, sequence: sequence, batch: batch, into: &record)
        return record
    }

    /// The encoded envelope inside `record`.
    func open(_ record: UnsafeRawBufferPointer, sequence: UInt64, noncePrefix: [UInt8]) throws(RecordError) -> [UInt8] {
        let plain: [UInt8]
        do {
            plain = try sealer.open(record, sequence: sequence, batch: key(noncePrefix))
        } catch {
            throw .seal(error)
        }
        guard let codec = plain.first else { throw .malformed("empty plaintext") }
        if codec == 0 { return Array(plain.dropFirst()) }
        let dictionary = codec >= 2 ? codec - 1 : nil
        if let dictionary, !compressor.hasDictionary(dictionary), let bytes = shelf.bytes(dictionary) {
            compressor.addDictionary(dictionary, bytes: bytes)
        }
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
