public import LedgerCore
import LedgerCrypto

/// Decrypts an age v1 file as a stream, holding one 64 KiB chunk in memory whatever the size.
///
/// Making the reader reads the header, unwraps the file key with the identities and checks
/// the header MAC; reads then release plaintext one authenticated chunk at a time. Bytes a
/// read returned were authenticated, but only a read that returns nothing (the end) proves
/// the file is complete: callers must read to the end before trusting what they got.
///
/// Appended bytes are named ``AgeError/dataAfterFinalChunk(index:)`` when the final chunk
/// is full; after a shorter final chunk they are indistinguishable from a modified chunk
/// and reported as ``AgeError/payloadChunkFailed(index:)``.
public final class AgeReader {
    /// The largest scrypt work factor accepted by default, the one `age` itself applies
    /// (N = 2^22 needs 4 GiB; `age -p` writes 2^18).
    public static let defaultMaxWorkFactor = 22

    private let input: InputBuffer
    private let cipher: ChunkCipher
    private let sealed: UnsafeMutableRawBufferPointer
    private let plaintext: UnsafeMutableRawBufferPointer
    private var available = 0..<0
    private var index: UInt64 = 0
    private var reachedEnd = false
    /// Bytes found after a full final chunk: reported once that chunk's plaintext, which did
    /// authenticate, has been read.
    private var appendedAfterChunk: Int?
    /// The first failure, thrown again by every later read: the stream cannot go on past it.
    private var failure: (any Error)?

    /// Reads the header from `input` (binary, or ASCII-armored) and opens it with the first identity that fits.
    ///
    /// - Throws: ``AgeError`` naming why the file cannot be opened, or errors of `input`.
    public init(input: any AgeInput, identities: [AgeIdentity], maxWorkFactor: Int = AgeReader.defaultMaxWorkFactor) throws {
        var buffer = InputBuffer(input)
        if try AgeArmorInput.isArmored(buffer) { buffer = InputBuffer(AgeArmorInput(buffer: buffer)) }
        let header = try AgeHeader.parse(from: buffer)
        let fileKey = try Self.unwrapFileKey(header.stanzas, identities: identities, maxWorkFactor: maxWorkFactor)
        guard header.isAuthentic(fileKey: fileKey) else { throw AgeError.headerMACMismatch }
        var payloadNonce = [UInt8](repeating: 0, count: AgeFormat.payloadNonceSize)
        guard try payloadNonce.withUnsafeMutableBytes({ try buffer.readFully(into: $0) }) == payloadNonce.count else {
            throw AgeError.headerMalformed("the file ends before the 16-byte payload nonce")
        }
        self.input = buffer
        cipher = ChunkCipher(fileKey: fileKey, payloadNonce: payloadNonce)
        sealed = .allocate(byteCount: AgeFormat.chunkSize + AgeFormat.tagSize, alignment: 16)
        plaintext = .allocate(byteCount: AgeFormat.chunkSize, alignment: 16)
    }

    deinit {
        plaintext.initializeMemory(as: UInt8.self, repeating: 0)
        plaintext.deallocate()
        sealed.deallocate()
    }

    /// Copies up to `buffer.count` plaintext bytes into `buffer`; 0 means the file ended intact.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        // An empty buffer takes nothing, as read(2) with a count of 0; it may have no address.
        guard !buffer.isEmpty else { return 0 }
        while available.isEmpty {
            if reachedEnd { return try end() }
            try nextChunk()
        }
        let count = min(buffer.count, available.count)
        // Cannot fail: `buffer` is not empty (checked above) and `plaintext` was allocated, which always
        // gives an address.
        buffer.baseAddress!.copyMemory(from: plaintext.baseAddress! + available.lowerBound, byteCount: count)
        available = (available.lowerBound + count)..<available.upperBound
        return count
    }

    /// Up to `count` plaintext bytes; empty means the file ended intact.
    public func read(upTo count: Int) throws -> [UInt8] {
        precondition(count > 0, "read(upTo: 0) could not tell the end from an empty read")
        var bytes = [UInt8](repeating: 0, count: count)
        let read = try bytes.withUnsafeMutableBytes { try self.read(into: $0) }
        bytes.removeLast(count - read)
        return bytes
    }

    /// Decrypts the rest of the file into `output`, chunk by chunk.
    public func decrypt(to output: any AgeOutput) throws {
        while true {
            while available.isEmpty {
                if reachedEnd { _ = try end(); return }
                try nextChunk()
            }
            try output.write(UnsafeRawBufferPointer(rebasing: plaintext[available]))
            available = available.upperBound..<available.upperBound
        }
    }

    /// Where reading stops: at the end of an intact file, or at bytes appended to it.
    private func end() throws -> Int {
        if let appendedAfterChunk { throw AgeError.dataAfterFinalChunk(index: appendedAfterChunk) }
        return 0
    }

    private func nextChunk() throws {
        if let failure { throw failure }
        do {
            try openNextChunk()
        } catch {
            failure = error
            throw error
        }
    }

    /// Reads, authenticates and decrypts the next chunk.
    ///
    /// A full-size chunk may be the last one or not, so it is tried as a middle chunk first
    /// and then as the final one; a shorter one can only be the last.
    private func openNextChunk() throws {
        let fullSize = sealed.count
        let count = try input.readFully(into: sealed)
        guard count > AgeFormat.tagSize || (count == AgeFormat.tagSize && index == 0) else {
            throw AgeError.payloadTruncated(chunks: Int(index))
        }
        let chunk = UnsafeRawBufferPointer(rebasing: sealed[..<count])
        let chunkIndex = Int(index)
        // Cannot fail: `plaintext` was allocated at init, which always gives an address.
        if count == fullSize, cipher.open(chunk, into: plaintext.baseAddress!, index: index, isFinal: false) {
            available = 0..<(count - AgeFormat.tagSize)
            index += 1
            return
        }
        // Cannot fail: `plaintext` was allocated at init, which always gives an address.
        guard cipher.open(chunk, into: plaintext.baseAddress!, index: index, isFinal: true) else {
            throw AgeError.payloadChunkFailed(index: chunkIndex)
        }
        guard count > AgeFormat.tagSize || index == 0 else { throw AgeError.emptyFinalChunk(index: chunkIndex) }
        if count == fullSize, try !input.atEnd() { appendedAfterChunk = chunkIndex }
        available = 0..<(count - AgeFormat.tagSize)
        index += 1
        reachedEnd = true
    }

    /// The file key from the first stanza an identity opens.
    private static func unwrapFileKey(_ stanzas: [Stanza], identities: [AgeIdentity], maxWorkFactor: Int) throws -> SecretBytes {
        if stanzas.contains(where: { $0.type == ScryptStanza.type }), stanzas.count > 1 {
            throw AgeError.headerMalformed("a passphrase (scrypt) stanza must be the only stanza of the header")
        }
        var passphraseFailed = false
        for stanza in stanzas {
            for identity in identities {
                switch try identity.unwrap(stanza, maxWorkFactor: maxWorkFactor) {
                case .fileKey(let fileKey): return fileKey
                case .notOpened: if case .passphrase = identity { passphraseFailed = true }
                case .notAddressed: break
                }
            }
        }
        if passphraseFailed { throw AgeError.wrongPassphrase }
        let isPassphraseFile = stanzas.first?.type == ScryptStanza.type
        if isPassphraseFile, !identities.contains(where: { if case .passphrase = $0 { true } else { false } }) {
            throw AgeError.passphraseRequired
        }
        let known: Set = [X25519Stanza.type, ScryptStanza.type]
        if !stanzas.contains(where: { known.contains($0.type) }) {
            throw AgeError.unsupportedRecipientTypes(Array(Set(stanzas.map(\.type))).sorted())
        }
        throw AgeError.noMatchingIdentity
    }
}
