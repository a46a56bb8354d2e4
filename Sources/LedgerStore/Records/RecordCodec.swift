import LedgerCore
import LedgerCrypto

/// The write and read pipeline of one event: encode → compress → seal, and back.
///
/// Inside the seal: `codec (1) ‖ [encoded length varint ‖ zstd frame | encoded bytes]`,
/// where codec 0 is uncompressed, 1 is zstd without dictionary and 2… is zstd with
/// dictionary `codec − 1`.
final class RecordCodec {
    let sealer: RecordSealer
    let compressor = Compressor()
    private(set) var dictionary: UInt8?
    private var scratch: [UInt8] = []

    init(sealer: RecordSealer) {
        self.sealer = sealer
        scratch.reserveCapacity(512)
    }

    func useDictionary(_ id: UInt8, bytes: [UInt8]) {
        compressor.addDictionary(id, bytes: bytes)
        if dictionary.map({ id > $0 }) ?? true { dictionary = id }
    }

    func loadDictionary(_ id: UInt8, bytes: [UInt8]) { compressor.addDictionary(id, bytes: bytes) }

    func hasDictionary(_ id: UInt8) -> Bool { compressor.hasDictionary(id) }

    /// The sealed record for `encoded` at `sequence`.
    func seal(encoded: [UInt8], sequence: UInt64, noncePrefix: [UInt8]) -> [UInt8] {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(dictionary.map { $0 + 1 } ?? 1)
        var length = BinaryWriter(capacity: 4)
        length.varint(UInt64(encoded.count))
        scratch.append(contentsOf: length.bytes)
        if !compressor.compress(encoded, dictionary: dictionary, into: &scratch) {
            scratch.removeAll(keepingCapacity: true)
            scratch.append(0)
            scratch.append(contentsOf: encoded)
        }
        var record: [UInt8] = []
        record.reserveCapacity(scratch.count + RecordSealer.overhead)
        scratch.withUnsafeBytes { sealer.seal($0, sequence: sequence, noncePrefix: noncePrefix, into: &record) }
        return record
    }

    /// The encoded envelope inside `record`.
    func open(_ record: UnsafeRawBufferPointer, sequence: UInt64, noncePrefix: [UInt8]) throws(RecordError) -> [UInt8] {
        let plain: [UInt8]
        do {
            plain = try sealer.open(record, sequence: sequence, noncePrefix: noncePrefix)
        } catch {
            throw .seal(error)
        }
        guard let codec = plain.first else { throw .malformed("empty plaintext") }
        if codec == 0 { return Array(plain.dropFirst()) }
        var reader = BinaryReader(plain, offset: 1)
        do {
            let size = Int(try reader.varint())
            guard size <= 1 << 26 else { throw RecordError.malformed("implausible size \(size)") }
            return try compressor.decompress(plain[reader.offset...], originalSize: size, dictionary: codec >= 2 ? codec - 1 : nil)
        } catch let error as RecordError {
            throw error
        } catch {
            throw .malformed("\(error)")
        }
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
