/// Bech32 (BIP 173) as age uses it: no length limit on the data part, all-lowercase or
/// all-uppercase strings, the checksum always over the lowercase form.
enum Bech32 {
    private static let charset = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
    private static let generator: [UInt32] = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
    private static let checksumLength = 6

    /// Encodes in lowercase; age writes secret keys uppercased by the caller.
    static func encode(humanReadablePart: String, data: [UInt8]) -> String {
        let prefix = humanReadablePart.lowercased()
        // Cannot fail: 8-bit groups regroup to 5-bit ones whenever padding is allowed
        let values = regroup(data, from: 8, to: 5, pad: true)!
        let check = polymod(expand(prefix) + values + [UInt8](repeating: 0, count: checksumLength)) ^ 1
        let checksum = (0..<checksumLength).map { UInt8((check >> (5 * (5 - UInt32($0)))) & 31) }
        return prefix + "1" + String(decoding: (values + checksum).map { charset[Int($0)] }, as: UTF8.self)
    }

    /// The lowercase human-readable part and the data bytes, or a reason the string is not Bech32.
    static func decode(_ text: String) -> Result<(humanReadablePart: String, data: [UInt8]), Bech32Error> {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ (33...126).contains($0) }) else { return .failure(.invalidCharacter) }
        let lower = text.lowercased(), upper = text.uppercased()
        guard text == lower || text == upper else { return .failure(.mixedCase) }
        let lowered = Array(lower.utf8)
        guard let separator = lowered.lastIndex(of: UInt8(ascii: "1")), separator > 0,
              lowered.count - separator - 1 >= checksumLength
        else { return .failure(.missingSeparator) }
        let prefix = String(decoding: lowered[..<separator], as: UTF8.self)
        var values: [UInt8] = []
        for character in lowered[(separator + 1)...] {
            guard let value = charset.firstIndex(of: character) else { return .failure(.invalidCharacter) }
            values.append(UInt8(value))
        }
        guard polymod(expand(prefix) + values) == 1 else { return .failure(.badChecksum) }
        guard let data = regroup(Array(values.dropLast(checksumLength)), from: 5, to: 8, pad: false) else {
            return .failure(.badPadding)
        }
        return .success((prefix, data))
    }

    private static func polymod(_ values: [UInt8]) -> UInt32 {
        var checksum: UInt32 = 1
        for value in values {
            let top = checksum >> 25
            checksum = (checksum & 0x1ffffff) << 5 ^ UInt32(value)
            for bit in 0..<5 where (top >> bit) & 1 == 1 { checksum ^= generator[bit] }
        }
        return checksum
    }

    private static func expand(_ prefix: String) -> [UInt8] {
        let bytes = Array(prefix.utf8)
        return bytes.map { $0 >> 5 } + [0] + bytes.map { $0 & 31 }
    }

    /// Regroups bit strings; nil when unpadded input leaves non-zero or too many spare bits.
    private static func regroup(_ values: [UInt8], from: Int, to: Int, pad: Bool) -> [UInt8]? {
        var accumulator = 0, bits = 0, output: [UInt8] = []
        let mask = (1 << to) - 1
        for value in values {
            accumulator = (accumulator << from) | Int(value)
            bits += from
            while bits >= to {
                bits -= to
                output.append(UInt8((accumulator >> bits) & mask))
            }
        }
        if pad {
            if bits > 0 { output.append(UInt8((accumulator << (to - bits)) & mask)) }
        } else if bits >= from || (accumulator << (to - bits)) & mask != 0 {
            return nil
        }
        return output
    }
}

/// Why a string is not valid Bech32.
enum Bech32Error: Error, CustomStringConvertible {
    case invalidCharacter, mixedCase, missingSeparator, badChecksum, badPadding

    var description: String {
        switch self {
        case .invalidCharacter: "it contains a character Bech32 does not use"
        case .mixedCase: "it mixes upper and lower case"
        case .missingSeparator: "it has no '1' separator followed by a checksum"
        case .badChecksum: "its checksum does not match (a character is mistyped or missing)"
        case .badPadding: "its data part has invalid padding"
        }
    }
}
