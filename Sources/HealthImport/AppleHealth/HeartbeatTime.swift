/// The time of day of an HRV beat as the export writes it, in the phone's locale:
/// `6:14:48.94 PM`, `08:33:44,67`, `18:14:48.940`.
///
/// Read as UTF-8 bytes: an HRV series brings about a hundred beats a reading, and
/// Character-level trimming and case folding cost more than the rest of the import per beat.
enum HeartbeatTime {
    /// Seconds since local midnight, or nil when the text is not a time of day.
    static func secondsOfDay(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        var clock = trimmed(bytes[...], alsoDots: false)
        var meridiem: Meridiem?
        if clock.count >= 2 {
            let letters = (clock[clock.endIndex - 2] | 0x20, clock[clock.endIndex - 1] | 0x20)
            if letters.1 == UInt8(ascii: "m"), letters.0 == UInt8(ascii: "a") || letters.0 == UInt8(ascii: "p") {
                meridiem = letters.0 == UInt8(ascii: "p") ? .pm : .am
                clock = trimmed(clock.dropLast(2), alsoDots: true)
            }
        }
        let parts = clock.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              let hours = digits(parts[0]), let minutes = digits(parts[1]), (0..<60).contains(minutes)
        else { return nil }
        let seconds = parts.count == 3 ? decimal(parts[2]) : 0
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

    /// Without the spaces around it: ASCII, no-break (U+00A0) and narrow no-break (U+202F),
    /// and with `alsoDots` the dots of "p.m.".
    private static func trimmed(_ bytes: ArraySlice<UInt8>, alsoDots: Bool) -> ArraySlice<UInt8> {
        var text = bytes
        while true {
            if let first = text.first, first == 0x20 || (alsoDots && first == UInt8(ascii: ".")) {
                text = text.dropFirst()
            } else if text.starts(with: [0xC2, 0xA0]) {
                text = text.dropFirst(2)
            } else if text.starts(with: [0xE2, 0x80, 0xAF]) {
                text = text.dropFirst(3)
            } else if let last = text.last, last == 0x20 || (alsoDots && last == UInt8(ascii: ".")) {
                text = text.dropLast()
            } else if text.reversed().starts(with: [0xA0, 0xC2]) {
                text = text.dropLast(2)
            } else if text.reversed().starts(with: [0xAF, 0x80, 0xE2]) {
                text = text.dropLast(3)
            } else {
                return text
            }
        }
    }

    /// A whole number of one or more ASCII digits.
    private static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 9, bytes.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// Seconds with a decimal point or comma, parsed as `Double` parses "48.94".
    private static func decimal(_ bytes: ArraySlice<UInt8>) -> Double? {
        Double(String(decoding: bytes.map { $0 == UInt8(ascii: ",") ? UInt8(ascii: ".") : $0 }, as: UTF8.self))
    }
}
