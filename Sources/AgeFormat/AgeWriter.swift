public import LedgerCore
import LedgerCrypto

/// Encrypts a stream of bytes to an age v1 file, holding one 64 KiB chunk in memory
/// whatever the size.
///
/// The header goes out when the writer is made; ``write(_:)-(UnsafeRawBufferPointer)`` encrypts
/// every chunk as soon as it is known not to be the last, and ``finish()`` writes the final
/// chunk. A file without `finish()` is rejected by every reader as truncated.
public final class AgeWriter {
    private let output: any AgeOutput
    private let armor: AgeArmorOutput?
    private let cipher: ChunkCipher
    /// Plaintext waiting for a full chunk (or for `finish`), then the sealed chunk in place.
    private let chunk: UnsafeMutableRawBufferPointer
    private var buffered = 0
    private var index: UInt64 = 0
    private var finished = false

    /// Writes the header for `recipients` to `output`, in ASCII armor (PEM) if `armored`.
    ///
    /// - Throws: ``AgeError/invalidRecipients(_:)`` when there is none, or a passphrase is
    ///   mixed with other recipients; errors of `output`.
    public init(recipients: [AgeRecipient], output: any AgeOutput, armored: Bool = false) throws {
        guard !recipients.isEmpty else { throw AgeError.invalidRecipients("give at least one recipient") }
        guard recipients.count == 1 || !recipients.contains(where: \.isPassphrase) else {
            throw AgeError.invalidRecipients("a passphrase must be the only recipient of a file")
        }
        if case .passphrase(let passphrase, _) = recipients[0], passphrase.count == 0 {
            throw AgeError.invalidRecipients("the passphrase is empty")
        }
        let fileKey = SecretBytes.random(AgeFormat.fileKeySize)
        let header = AgeHeader(stanzas: try recipients.map { try $0.wrap(fileKey) }, fileKey: fileKey)
        let payloadNonce = secureRandomBytes(AgeFormat.payloadNonceSize)
        armor = armored ? try AgeArmorOutput(output) : nil
        self.output = armor ?? output
        cipher = ChunkCipher(fileKey: fileKey, payloadNonce: payloadNonce)
        chunk = .allocate(byteCount: AgeFormat.chunkSize + AgeFormat.tagSize, alignment: 16)
        try (header.encoded() + payloadNonce).withUnsafeBytes { try self.output.write($0) }
    }

    deinit {
        chunk.initializeMemory(as: UInt8.self, repeating: 0)
        chunk.deallocate()
    }

    /// Encrypts `bytes`; full chunks are written as soon as more bytes follow them.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(!finished, "AgeWriter.write after finish")
        var remaining = bytes
        while !remaining.isEmpty {
            if buffered == AgeFormat.chunkSize { try sealBuffered(isFinal: false) }
            if buffered == 0, remaining.count > AgeFormat.chunkSize {
                // A whole chunk that is surely not the last: encrypt straight from the caller's memory.
                let whole = UnsafeRawBufferPointer(rebasing: remaining[..<AgeFormat.chunkSize])
                try seal(whole, isFinal: false)
                remaining = UnsafeRawBufferPointer(rebasing: remaining[AgeFormat.chunkSize...])
                continue
            }
            let count = min(AgeFormat.chunkSize - buffered, remaining.count)
            // Cannot fail: `chunk` was allocated at init, and `remaining` is not empty (the loop's
            // condition).
            (chunk.baseAddress! + buffered).copyMemory(from: remaining.baseAddress!, byteCount: count)
            buffered += count
            remaining = UnsafeRawBufferPointer(rebasing: remaining[count...])
        }
    }

    /// Encrypts `bytes`; see ``write(_:)-(UnsafeRawBufferPointer)``.
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Encrypts everything `input` holds, reading it 1 MiB at a time (whole chunks of it
    /// are encrypted where they lie, without a copy).
    public func write(contentsOf input: any AgeInput) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 * AgeFormat.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while case let count = try input.read(into: buffer), count > 0 {
            try write(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Writes the final chunk; the file is complete once this returns.
    public func finish() throws {
        precondition(!finished, "AgeWriter.finish called twice")
        try sealBuffered(isFinal: true)
        try armor?.finish()
        finished = true
    }

    private func sealBuffered(isFinal: Bool) throws {
        try seal(UnsafeRawBufferPointer(rebasing: chunk[..<buffered]), isFinal: isFinal)
        buffered = 0
    }

    private func seal(_ plaintext: UnsafeRawBufferPointer, isFinal: Bool) throws {
        // Cannot fail: `chunk` was allocated at init, which always gives an address.
        cipher.seal(plaintext, into: chunk.baseAddress!, index: index, isFinal: isFinal)
        index += 1
        try output.write(UnsafeRawBufferPointer(rebasing: chunk[..<(plaintext.count + AgeFormat.tagSize)]))
    }
}
