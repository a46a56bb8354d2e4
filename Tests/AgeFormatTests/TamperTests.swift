import AgeFormat
import Testing

/// A change to any region of a file is refused with the failure that names it, and the
/// reader releases nothing it could not authenticate.
@Suite struct TamperTests {
    static let chunk = AgeFormat.chunkSize
    static let sealedChunk = chunk + 16
    let identity = AgeIdentity.generateX25519()

    /// Two full chunks and a short final one.
    func threeChunkFile() throws -> (plaintext: [UInt8], file: [UInt8], payload: Int) {
        let plaintext = patterned(2 * Self.chunk + 1000)
        let file = try encrypt(plaintext, to: [identity.recipient!])
        return (plaintext, file, payloadStart(file))
    }

    /// Decrypts to the end or to the first failure, returning what was released and the failure.
    func readAll(_ file: [UInt8]) throws -> (released: [UInt8], failure: AgeError?) {
        var released: [UInt8] = []
        do {
            let reader = try AgeReader(input: AgeMemoryInput(file), identities: [identity])
            while case let bytes = try reader.read(upTo: 4096), !bytes.isEmpty { released += bytes }
            return (released, nil)
        } catch let error as AgeError {
            return (released, error)
        }
    }

    @Test func stanzaAddedToTheHeaderIsAMACMismatch() throws {
        var (_, file, _) = try threeChunkFile()
        let mark = macLineStart(file)
        file.insert(contentsOf: Array("-> grease added\n\n".utf8), at: mark)
        #expect(try readAll(file).failure == .headerMACMismatch)
    }

    @Test func changedMACIsAMACMismatch() throws {
        var (_, file, _) = try threeChunkFile()
        let macCharacter = macLineStart(file) + 4
        file[macCharacter] = file[macCharacter] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(try readAll(file).failure == .headerMACMismatch)
    }

    @Test func changedMiddleChunkFailsAtThatChunkAfterReleasingTheOnesBefore() throws {
        var (plaintext, file, payload) = try threeChunkFile()
        file[payload + Self.sealedChunk + 100] ^= 0x01
        let result = try readAll(file)
        #expect(result.failure == .payloadChunkFailed(index: 1))
        #expect(result.released == Array(plaintext[..<Self.chunk]))
    }

    @Test func changedLastChunkFailsAtTheLastChunk() throws {
        var (plaintext, file, _) = try threeChunkFile()
        file[file.count - 1] ^= 0x80
        let result = try readAll(file)
        #expect(result.failure == .payloadChunkFailed(index: 2))
        #expect(result.released == Array(plaintext[..<(2 * Self.chunk)]))
    }

    @Test func readsAfterAFailureRepeatItInsteadOfGoingOn() throws {
        var (_, file, payload) = try threeChunkFile()
        file[payload + 5] ^= 0x01
        let reader = try AgeReader(input: AgeMemoryInput(file), identities: [identity])
        for _ in 0..<3 {
            #expect(throws: AgeError.payloadChunkFailed(index: 0)) { try reader.read(upTo: 100) }
        }
    }

    @Test func swappedChunksFailAtTheFirstMovedOne() throws {
        var (_, file, payload) = try threeChunkFile()
        let first = Array(file[payload..<(payload + Self.sealedChunk)])
        file.replaceSubrange(payload..<(payload + Self.sealedChunk), with: file[(payload + Self.sealedChunk)..<(payload + 2 * Self.sealedChunk)])
        file.replaceSubrange((payload + Self.sealedChunk)..<(payload + 2 * Self.sealedChunk), with: first)
        #expect(try readAll(file).failure == .payloadChunkFailed(index: 0))
    }

    @Test func fileCutAtAChunkBoundaryIsTruncated() throws {
        let (plaintext, file, payload) = try threeChunkFile()
        let result = try readAll(Array(file[..<(payload + 2 * Self.sealedChunk)]))
        #expect(result.failure == .payloadTruncated(chunks: 2))
        #expect(result.released == Array(plaintext[..<(2 * Self.chunk)]))
    }

    @Test func fileCutInsideThePayloadNonceIsAMalformedHeader() throws {
        let (_, file, payload) = try threeChunkFile()
        let failure = try readAll(Array(file[..<(payload - 5)])).failure
        #expect(failure == .headerMalformed("the file ends before the 16-byte payload nonce"))
    }

    @Test func bytesAppendedAfterAFullFinalChunkAreNamedAfterItsPlaintext() throws {
        let plaintext = patterned(2 * Self.chunk)
        let file = try encrypt(plaintext, to: [identity.recipient!]) + [0x00]
        let result = try readAll(file)
        #expect(result.failure == .dataAfterFinalChunk(index: 1))
        #expect(result.released == plaintext)
    }

    @Test func bytesAppendedAfterAShortFinalChunkFailThatChunk() throws {
        let (plaintext, file, _) = try threeChunkFile()
        let result = try readAll(file + Array("appended".utf8))
        #expect(result.failure == .payloadChunkFailed(index: 2))
        #expect(result.released == Array(plaintext[..<(2 * Self.chunk)]))
    }

    @Test(arguments: [Array("PK\u{03}\u{04} a zip, not an age file".utf8), [UInt8](repeating: 0x41, count: 40_000)])
    func inputThatIsNotAgeIsSaidToBeSo(_ input: [UInt8]) {
        #expect(throws: AgeError.headerMalformed("the input is not an age file (it does not start with age-encryption.org/v1)")) {
            try AgeReader(input: AgeMemoryInput(input), identities: [identity])
        }
    }

    @Test func fileOfAPostQuantumRecipientNamesTheUnsupportedType() throws {
        let vector = try TestVector(name: "hybrid")
        #expect(throws: AgeError.unsupportedRecipientTypes(["mlkem768x25519"])) {
            try AgeReader(input: AgeMemoryInput(vector.file), identities: [identity])
        }
    }
}

/// Offset of the `---` MAC line.
func macLineStart(_ file: [UInt8]) -> Int {
    let mark = Array("\n---".utf8)
    return (0..<file.count).first { Array(file[$0..<($0 + mark.count)]) == mark }! + 1
}

/// Offset of the first payload chunk: after the MAC line and the 16-byte payload nonce.
func payloadStart(_ file: [UInt8]) -> Int {
    file[macLineStart(file)...].firstIndex(of: 0x0A)! + 1 + 16
}
