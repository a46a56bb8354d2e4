import AgeFormat

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

private let fuzzIdentities: [AgeIdentity] = [
    try! AgeIdentity(parsing: "AGE-SECRET-KEY-1EGTZVFFV20835NWYV6270LXYVK2VKNX2MMDKWYKLMGR48UAWX40Q2P2LM0"),
    AgeIdentity.passphrase("password"),
]
