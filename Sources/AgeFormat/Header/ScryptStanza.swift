import LedgerCrypto

/// `-> scrypt <salt> <log2 N>`: the file key wrapped under a passphrase stretched with scrypt.
enum ScryptStanza {
    static let type = "scrypt"
    private static let saltLabel = Array("age-encryption.org/v1/scrypt".utf8)
    private static let saltSize = 16

    static func wrap(_ fileKey: SecretBytes, passphrase: SecretBytes, workFactor: Int) throws(AgeError) -> Stanza {
        guard (1...30).contains(workFactor) else { throw .invalidRecipients("the scrypt work factor must be 1…30, not \(workFactor)") }
        let salt = secureRandomBytes(saltSize)
        guard let wrapKey = Scrypt.deriveKey(passphrase: passphrase, salt: saltLabel + salt, logN: workFactor) else {
            throw .invalidRecipients("not enough memory for scrypt at work factor \(workFactor)")
        }
        return Stanza(arguments: [type, Base64.encode(salt), String(workFactor)], body: FileKeyWrap.wrap(fileKey, with: wrapKey))
    }

    static func unwrap(_ stanza: Stanza, passphrase: SecretBytes, maxWorkFactor: Int) throws(AgeError) -> StanzaUnwrapping {
        guard stanza.type == type else { return .notAddressed }
        guard stanza.arguments.count == 3 else {
            throw .headerMalformed("an scrypt stanza has \(stanza.arguments.count - 1) arguments instead of 2")
        }
        guard let salt = Base64.decode(stanza.arguments[1]), salt.count == saltSize else {
            throw .headerMalformed("the scrypt salt is not the canonical base64 of 16 bytes")
        }
        let logN = try workFactor(stanza.arguments[2])
        guard logN <= maxWorkFactor else { throw .workFactorTooHigh(logN: logN, limit: maxWorkFactor) }
        guard stanza.body.count == FileKeyWrap.bodySize else {
            throw .headerMalformed("an scrypt stanza body is \(stanza.body.count) bytes instead of \(FileKeyWrap.bodySize)")
        }
        guard let wrapKey = Scrypt.deriveKey(passphrase: passphrase, salt: saltLabel + salt, logN: logN) else {
            // This machine cannot allocate the 128 · 8 · 2^logN bytes: its real limit is lower.
            throw .workFactorTooHigh(logN: logN, limit: logN - 1)
        }
        return FileKeyWrap.unwrap(stanza.body, with: wrapKey).map(StanzaUnwrapping.fileKey) ?? .notOpened
    }

    /// log2 N written as the spec demands: decimal digits without a leading zero.
    private static func workFactor(_ text: String) throws(AgeError) -> Int {
        let digits = Array(text.utf8)
        guard let first = digits.first, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(first),
              digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              digits.count <= 2, let value = Int(text), value < 64
        else { throw .headerMalformed("the scrypt work factor '\(text)' is not a decimal number from 1 to 63") }
        return value
    }
}
