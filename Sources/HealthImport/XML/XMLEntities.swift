/// Decodes XML's character and entity references in an attribute value.
///
/// Lenient where exports are sloppy: an unknown entity or a bare `&` is kept as written
/// rather than failing the import, and control characters (raw or as references), which
/// XML forbids and some sources write anyway — a vertical tab where a space belongs in
/// "Anna's\u{0B}iPhone" — become spaces, as tabs and line breaks do under XML's
/// attribute-value normalisation.
enum XMLEntities {
    static func decode(_ raw: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var index = 0
        // Plain runs are copied whole: a byte-by-byte append cost more than the scan.
        var plainFrom = 0
        while index < raw.count {
            let byte = raw[index]
            guard byte == 0x26 || byte < 0x20 else {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: raw[plainFrom..<index]))
            if byte == 0x26, let (scalar, length) = reference(raw, at: index) {
                append(scalar, to: &output)
                index += length
            } else {
                output.append(byte < 0x20 ? 0x20 : byte)
                index += 1
            }
            plainFrom = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: raw[plainFrom..<index]))
    }

    /// The scalar a reference at `at` stands for and its length in bytes, or nil when it is not one.
    private static func reference(_ raw: UnsafeBufferPointer<UInt8>, at: Int) -> (Unicode.Scalar, Int)? {
        var end = at + 1
        while end < raw.count, end - at <= 10, raw[end] != 0x3B { end += 1 }
        guard end < raw.count, raw[end] == 0x3B else { return nil }
        let body = UnsafeBufferPointer(rebasing: raw[(at + 1)..<end])
        let length = end - at + 1
        // Devices are written as "&lt;&lt;HKDevice…&gt;": the named five are told apart by
        // their bytes, without making a String per reference.
        if let named = namedEntity(body) { return (Unicode.Scalar(named), length) }
        guard body.first == 0x23 else { return nil }  // #
        let digits = String(decoding: UnsafeBufferPointer(rebasing: body.dropFirst()), as: UTF8.self)
        let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    private static func namedEntity(_ body: UnsafeBufferPointer<UInt8>) -> UInt8? {
        switch (body.count, body.first) {
        case (2, 0x6C) where body[1] == 0x74: 0x3C  // lt
        case (2, 0x67) where body[1] == 0x74: 0x3E  // gt
        case (3, 0x61) where body[1] == 0x6D && body[2] == 0x70: 0x26  // amp
        case (4, 0x71) where body.elementsEqual("quot".utf8): 0x22
        case (4, 0x61) where body.elementsEqual("apos".utf8): 0x27
        default: nil
        }
    }

    private static func append(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        if scalar.value < 0x20 {
            output.append(0x20)
            return
        }
        output.append(contentsOf: String(scalar).utf8)
    }
}
