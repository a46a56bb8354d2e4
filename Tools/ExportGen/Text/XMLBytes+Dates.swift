extension XMLBytes {
    /// `2023-05-01 08:12:44 +0200`: Health's date format, local time and its offset.
    mutating func appendDate(_ instant: Int64, offset: Int32) {
        let local = instant + Int64(offset)
        let days = floorDiv(local, 86400)
        appendCalendarDate(CivilDate(daysSinceEpoch: days))
        bytes.append(UInt8(ascii: " "))
        appendClock(Int(local - days * 86400))
        bytes.append(UInt8(ascii: " "))
        bytes.append(UInt8(ascii: offset < 0 ? "-" : "+"))
        let minutes = Int(abs(offset)) / 60
        append(twoDigits: minutes / 60)
        append(twoDigits: minutes % 60)
    }

    /// `2023-05-01T06:12:44Z`: the UTC form GPX files use.
    mutating func appendUTCDate(_ instant: Int64) {
        let days = floorDiv(instant, 86400)
        appendCalendarDate(CivilDate(daysSinceEpoch: days))
        bytes.append(UInt8(ascii: "T"))
        appendClock(Int(instant - days * 86400))
        bytes.append(UInt8(ascii: "Z"))
    }

    /// `2023-05-01`.
    mutating func appendCalendarDate(_ date: CivilDate) {
        append(digitsOf: UInt64(date.year), width: 4)
        bytes.append(UInt8(ascii: "-"))
        append(twoDigits: date.month)
        bytes.append(UInt8(ascii: "-"))
        append(twoDigits: date.day)
    }

    /// `08:12:44` from seconds since midnight.
    mutating func appendClock(_ seconds: Int) {
        append(twoDigits: seconds / 3600)
        bytes.append(UInt8(ascii: ":"))
        append(twoDigits: seconds / 60 % 60)
        bytes.append(UInt8(ascii: ":"))
        append(twoDigits: seconds % 60)
    }
}
