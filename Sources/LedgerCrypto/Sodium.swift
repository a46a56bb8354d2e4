import CSodium

/// libsodium, initialised once per process before any use.
enum Sodium {
    static let ready: Bool = sodium_init() >= 0

    static func random(_ count: Int) -> [UInt8] {
        precondition(ready, "libsodium failed to initialise")
        var bytes = [UInt8](repeating: 0, count: count)
        randombytes_buf(&bytes, count)
        return bytes
    }
}

/// Random bytes from libsodium's CSPRNG.
public func secureRandomBytes(_ count: Int) -> [UInt8] { Sodium.random(count) }

/// Compares two byte strings in time independent of where they differ.
public func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    return sodium_memcmp(lhs, rhs, lhs.count) == 0
}

/// Overwrites bytes with zeros in a way the optimiser cannot drop.
public func wipe(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBytes { if let base = $0.baseAddress { sodium_memzero(base, $0.count) } }
}
