/// Whether bytes are well-formed UTF-8 (Unicode's table 3-7): exactly the bytes that
/// `String(decoding:as:)` keeps unchanged rather than repairs, checked without making a
/// string.
enum WellFormedUTF8 {
    static func check(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let lead = buffer[index]
                if lead < 0x80 {
                    index += 1
                    continue
                }
                // The length of the sequence a lead byte starts, and the range its second
                // byte must fall in (narrower after E0, ED, F0 and F4: no overlong forms,
                // no surrogates, nothing past U+10FFFF).
                var low: UInt8 = 0x80, high: UInt8 = 0xBF
                let length: Int
                switch lead {
                case 0xC2...0xDF: length = 2
                case 0xE0: length = 3; low = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED: length = 3; high = 0x9F
                case 0xF0: length = 4; low = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4: length = 4; high = 0x8F
                default: return false
                }
                guard buffer.count - index >= length, low...high ~= buffer[index + 1] else { return false }
                for continuation in (index + 2)..<(index + length) where buffer[continuation] & 0xC0 != 0x80 { return false }
                index += length
            }
            return true
        }
    }
}
