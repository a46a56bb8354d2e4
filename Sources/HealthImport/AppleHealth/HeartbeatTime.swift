/// The time of day of an HRV beat as the export writes it, in the phone's locale:
/// `6:14:48.94 PM`, `08:33:44,67`, `18:14:48.940`.
///
/// Read in place from the attribute's UTF-8 bytes: an HRV series brings about a hundred
/// beats a reading, and copying each time into arrays and strings to parse it showed in the
/// import's main thread (docs/performance.md, `HeartbeatTime`).
enum HeartbeatTime {
    /// Seconds since local midnight, or nil when the text is not a time of day.
    static func secondsOfDay(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { secondsOfDay($0) }
    }

    /// Seconds since local midnight, or nil when the bytes are not a time of day.
    static func secondsOfDay(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var clock = trimmed(bytes.indices, of: bytes, alsoDots: true)
        var meridiem: Meridiem?
        // "PM", "pm", "p.m.", "p. m.": an m, then an a or p before it across dots and spaces.
        if let last = clock.last, bytes[last] | 0x20 == UInt8(ascii: "m") {
            let beforeM = trimmed(clock.lowerBound..<last, of: bytes, alsoDots: true)
            if let letter = beforeM.last.map({ bytes[$0] | 0x20 }), letter == UInt8(ascii: "a") || letter == UInt8(ascii: "p") {
                meridiem = letter == UInt8(ascii: "p") ? .pm : .am
                clock = trimmed(beforeM.lowerBound..<beforeM.upperBound - 1, of: bytes, alsoDots: true)
            }
        }
        var firstColon: Int?, secondColon: Int?
        for index in clock where bytes[index] == UInt8(ascii: ":") {
            guard secondColon == nil else { return nil }
            if firstColon == nil { firstColon = index } else { secondColon = index }
        }
        guard let firstColon, let hours = digits(clock.lowerBound..<firstColon, of: bytes) else { return nil }
        let minutesEnd = secondColon ?? clock.upperBound
        guard let minutes = digits(firstColon + 1..<minutesEnd, of: bytes), (0..<60).contains(minutes) else { return nil }
        // The seconds read as `Double` reads "48.94", with a comma taken for the point.
        let seconds = secondColon == nil ? 0 : ExportNumber.parse(UnsafeBufferPointer(rebasing: bytes[minutesEnd + 1..<clock.upperBound]))
        guard let seconds, seconds >= 0, seconds < 61 else { return nil }
        switch meridiem {
        case .some(let meridiem):
            guard (1...12).contains(hours) else { return nil }
            return Double(hours % 12) * 3600 + (meridiem == .pm ? 12 * 3600 : 0) + Double(minutes) * 60 + seconds
        case nil:
            guard (0..<24).contains(hours) else { return nil }
            return Double(hours) * 3600 + Double(minutes) * 60 + seconds
        }
    }

    private enum Meridiem { case am, pm }

    /// U+00A0 and U+202F in UTF-8.
    private static let noBreak: [UInt8] = [0xC2, 0xA0], narrowNoBreak: [UInt8] = [0xE2, 0x80, 0xAF]

    /// `range` without the spaces around it: ASCII, no-break (U+00A0) and narrow no-break
    /// (U+202F), and with `alsoDots` the dots of "p.m.".
    private static func trimmed(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, alsoDots: Bool) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        func isSpaceOrDot(_ byte: UInt8) -> Bool { byte == 0x20 || (alsoDots && byte == UInt8(ascii: ".")) }
        func has(_ sequence: [UInt8], at start: Int) -> Bool {
            guard start >= lower, start + sequence.count <= upper else { return false }
            return sequence.indices.allSatisfy { bytes[start + $0] == sequence[$0] }
        }
        while true {
            if lower < upper, isSpaceOrDot(bytes[lower]) {
                lower += 1
            } else if has(Self.noBreak, at: lower) {
                lower += 2
            } else if has(Self.narrowNoBreak, at: lower) {
                lower += 3
            } else if lower < upper, isSpaceOrDot(bytes[upper - 1]) {
                upper -= 1
            } else if has(Self.noBreak, at: upper - 2) {
                upper -= 2
            } else if has(Self.narrowNoBreak, at: upper - 3) {
                upper -= 3
            } else {
                return lower..<upper
            }
        }
    }

    /// A whole number of one to nine ASCII digits.
    private static func digits(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !range.isEmpty, range.count <= 9 else { return nil }
        var value = 0
        for index in range {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }
}
