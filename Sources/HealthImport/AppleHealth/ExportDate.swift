import LedgerCore

/// Apple Health's date-times, `2024-01-01 01:01:36 +0200`, read straight from the bytes.
///
/// Millions of them per export: the fixed layout is read without making a String, and
/// anything else falls back to the general ISO 8601 reader.
enum ExportDate {
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (timestamp: Timestamp, utcOffset: Int32)? {
        if bytes.count == 25, let fast = fixedLayout(bytes) { return fast }
        if bytes.count == 20, let fast = utcLayout(bytes) { return fast }
        return try? ISO8601.parse(bytes.string.trimmingSpaces, localOffset: 0)
    }

    private static func fixedLayout(_ bytes: UnsafeBufferPointer<UInt8>) -> (timestamp: Timestamp, utcOffset: Int32)? {
        guard bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x20, bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[19] == 0x20,
              bytes[20] == 0x2B || bytes[20] == 0x2D,
              let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2),
              let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), let second = digits(bytes, 17, 2),
              let offsetHours = digits(bytes, 21, 2), let offsetMinutes = digits(bytes, 23, 2),
              (1...12).contains(month), day >= 1, day <= 31, hour < 24, minute < 60, second < 61, offsetMinutes < 60
        else { return nil }
        let sign: Int64 = bytes[20] == 0x2D ? -1 : 1
        let offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        let days = CivilDate.toDays(year: year, month: month, day: day)
        let local = days * 86_400 + hour * 3600 + minute * 60 + second
        return (Timestamp(micros: (local - offset) * 1_000_000), Int32(offset))
    }

    /// `2019-06-11T14:00:01Z`, as GPX route files write every point's time.
    private static func utcLayout(_ bytes: UnsafeBufferPointer<UInt8>) -> (timestamp: Timestamp, utcOffset: Int32)? {
        guard bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[19] == 0x5A,
              let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2),
              let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), let second = digits(bytes, 17, 2),
              (1...12).contains(month), day >= 1, day <= 31, hour < 24, minute < 60, second < 61
        else { return nil }
        let days = CivilDate.toDays(year: year, month: month, day: day)
        return (Timestamp(micros: (days * 86_400 + hour * 3600 + minute * 60 + second) * 1_000_000), 0)
    }

    @inline(__always)
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int, _ count: Int) -> Int64? {
        var value: Int64 = 0
        for index in at..<(at + count) {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int64(digit)
        }
        return value
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
