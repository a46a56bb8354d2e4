import AgeFormat

/// Encrypts in memory (in ASCII armor if `armored`), feeding the writer `pieces` bytes at a time.
func encrypt(_ plaintext: [UInt8], to recipients: [AgeRecipient], pieces: Int = Int.max, armored: Bool = false) throws -> [UInt8] {
    let output = AgeMemoryOutput()
    let writer = try AgeWriter(recipients: recipients, output: output, armored: armored)
    var offset = 0
    while offset < plaintext.count {
        let end = offset + min(pieces, plaintext.count - offset)
        try writer.write(Array(plaintext[offset..<end]))
        offset = end
    }
    try writer.finish()
    return output.bytes
}

/// Decrypts in memory through the streaming reader.
func decrypt(_ file: [UInt8], with identities: [AgeIdentity]) throws -> [UInt8] {
    let output = AgeMemoryOutput()
    try AgeReader(input: AgeMemoryInput(file), identities: identities).decrypt(to: output)
    return output.bytes
}

/// Bytes that differ from chunk to chunk, so a swapped chunk would show.
func patterned(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 16) }
}
