import CSodium
import LedgerCrypto

/// The textual age header: the stanzas that each wrap the file key, and the MAC over them.
struct AgeHeader {
    var stanzas: [Stanza]
    /// The header bytes the MAC covers: everything up to and including the `---` mark.
    var authenticatedBytes: [UInt8]
    var mac: [UInt8]

    /// A header for `stanzas`, its MAC keyed by `fileKey`.
    init(stanzas: [Stanza], fileKey: SecretBytes) {
        self.stanzas = stanzas
        let text = AgeFormat.versionLine + "\n" + stanzas.map { $0.encoded() }.joined() + "---"
        authenticatedBytes = Array(text.utf8)
        mac = []
        mac = computeMAC(fileKey: fileKey)
    }

    init(stanzas: [Stanza], authenticatedBytes: [UInt8], mac: [UInt8]) {
        self.stanzas = stanzas
        self.authenticatedBytes = authenticatedBytes
        self.mac = mac
    }

    /// The bytes of the header as written to the file, ending with the MAC line.
    func encoded() -> [UInt8] {
        authenticatedBytes + Array(" \(Base64.encode(mac))\n".utf8)
    }

    func computeMAC(fileKey: SecretBytes) -> [UInt8] {
        let macKey = HKDF.deriveKey(secret: fileKey, salt: [], info: "header")
        var output = [UInt8](repeating: 0, count: HKDF.outputSize)
        macKey.withBytes { key in
            authenticatedBytes.withUnsafeBytes { header in
                output.withUnsafeMutableBytes { HKDF.hmac(key: key, parts: [header], into: $0) }
            }
        }
        return output
    }

    /// Whether the MAC matches the header under `fileKey`, compared in constant time.
    func isAuthentic(fileKey: SecretBytes) -> Bool {
        constantTimeEqual(computeMAC(fileKey: fileKey), mac)
    }
}
