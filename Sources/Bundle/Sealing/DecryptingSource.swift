public import AgeFormat
public import LedgerCore

/// A bundle file's bytes as they are decrypted, with age's failures named as bundle
/// failures (and so exit codes). `onRead` hears the bytes read so far; `onEnd`, the end
/// or a failure.
public final class DecryptingSource: ByteSource {
    let reader: AgeReader
    let path: String
    private let onRead: (Int) -> Void
    private let onEnd: () -> Void
    private var bytes = 0

    public init(reader: AgeReader, path: String, onRead: @escaping (Int) -> Void = { _ in }, onEnd: @escaping () -> Void = {}) {
        self.reader = reader
        self.path = path
        self.onRead = onRead
        self.onEnd = onEnd
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count: Int
        do { count = try reader.read(into: buffer) } catch let error as AgeError {
            onEnd()
            throw Self.named(error, path: path)
        }
        bytes += count
        if count == 0 { onEnd() } else { onRead(bytes) }
        return count
    }

    public static func named(_ error: AgeError, path: String) -> BundleError {
        let kind: BundleError.Kind
        switch error {
        case .noMatchingIdentity, .wrongPassphrase, .passphraseRequired: kind = .wrongSecret
        case .headerMalformed, .armorMalformed, .headerMACMismatch, .unsupportedVersion: kind = .headerDamaged
        case .payloadChunkFailed, .emptyFinalChunk: kind = .payloadModified
        case .payloadTruncated: kind = .payloadTruncated
        case .dataAfterFinalChunk: kind = .trailingData
        case .unsupportedRecipientTypes, .workFactorTooHigh: kind = .notABundle
        case .invalidKey, .invalidRecipients: kind = .invalidRequest
        }
        return BundleError(kind, "\(path): \(error)")
    }
}
