import CSodium

/// RFC 6962 tree hashing with BLAKE2b-256: leaf = H(0x00 ‖ data), node = H(0x01 ‖ left ‖ right).
public enum MerkleHasher {
    public static let hashSize = 32

    public static func leaf(_ data: UnsafeRawBufferPointer) -> [UInt8] {
        withBlake2bState { state in
            _ = crypto_generichash_init(state, nil, 0, hashSize)
            var prefix: UInt8 = 0
            _ = crypto_generichash_update(state, &prefix, 1)
            _ = crypto_generichash_update(state, data.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(data.count))
            var output = [UInt8](repeating: 0, count: hashSize)
            _ = crypto_generichash_final(state, &output, hashSize)
            return output
        }
    }

    public static func leaf(_ data: [UInt8]) -> [UInt8] {
        data.withUnsafeBytes { leaf($0) }
    }

    public static func node(_ left: [UInt8], _ right: [UInt8]) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 + 2 * hashSize) { input in
            input[0] = 1
            _ = UnsafeMutableBufferPointer(rebasing: input[1...hashSize]).initialize(from: left)
            _ = UnsafeMutableBufferPointer(rebasing: input[(1 + hashSize)...]).initialize(from: right)
            return [UInt8](unsafeUninitializedCapacity: hashSize) { output, count in
                // Cannot fail: the capacity is `hashSize`, 32 bytes.
                _ = crypto_generichash(output.baseAddress!, hashSize, input.baseAddress, UInt64(input.count), nil, 0)
                count = hashSize
            }
        }
    }

    /// The hash of the empty tree, `H()`, as RFC 6962 defines it.
    public static let emptyRoot: [UInt8] = {
        var output = [UInt8](repeating: 0, count: hashSize)
        _ = crypto_generichash(&output, hashSize, nil, 0, nil, 0)
        return output
    }()
}
