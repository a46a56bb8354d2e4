import AgeFormat
import LedgerCrypto

/// Fuzz target: the age reader (Sources/AgeFormat), which opens bundles made elsewhere.
/// Any bytes are either decrypted to the end or refused with an error. The identities are
/// the age test kit's X25519 key and the passphrase "password"; scrypt work factors above
/// 2^10 are refused, so that one input cannot take seconds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAgeReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = AgeMemoryInput(Array(UnsafeBufferPointer(start: data, count: size)))
    guard let reader = try? AgeReader(input: input, identities: fuzzIdentities, maxWorkFactor: 10) else { return 0 }
    while let chunk = try? reader.read(upTo: 1 << 16), !chunk.isEmpty {}
    return 0
}

/// Made before the first input (see `LLVMFuzzerInitialize`): made during one, they would be
/// reported by the leak checker as that input's leak.
@_cdecl("LLVMFuzzerInitialize")
public func prepareAgeIdentities(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    _ = heldSecrets.count
    return 0
}

private let fuzzIdentities: [AgeIdentity] = [
    try! AgeIdentity(parsing: "AGE-SECRET-KEY-1EGTZVFFV20835NWYV6270LXYVK2VKNX2MMDKWYKLMGR48UAWX40Q2P2LM0"),
    AgeIdentity.passphrase("password"),
]

/// The identities' keys held as plain references too: inside the enum, Swift keeps its case
/// in the pointer's spare bits, and the leak checker at exit would not see them as reachable.
private let heldSecrets: [SecretBytes] = fuzzIdentities.map { identity in
    switch identity {
    case .x25519(let secretKey): secretKey
    case .passphrase(let passphrase): passphrase
    }
}
