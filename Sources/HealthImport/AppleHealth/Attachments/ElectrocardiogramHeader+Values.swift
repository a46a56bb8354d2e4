import Foundation
import LedgerCore

/// Readers of the header values, each nil when the text is not that kind of value.
extension ElectrocardiogramHeader {
    /// A date and time that carries its own UTC offset (`2023-05-01 08:12:44 +0200`).
    static func recordedTime(_ text: String) -> (timestamp: Timestamp, utcOffset: Int32)? {
        // Text with an offset names the same instant whatever local offset is assumed; a date
        // alone (a birth date) or a time without an offset moves with it.
        guard let read = try? ISO8601.parse(text, localOffset: 0),
              let again = try? ISO8601.parse(text, localOffset: 3600), read.timestamp == again.timestamp
        else { return nil }
        return read
    }

    /// Samples per second from `512 hertz`, `512.844 Hz`, `511,562 Hertz` (with a no-break space in German exports).
    static func rate(_ text: String) -> Double? {
        guard let number = number(text, unit: ["hertz", "hz"]), number > 0 else { return nil }
        return number
    }

    static func beatsPerMinute(_ text: String) -> Double? {
        guard let number = number(text, unit: ["bpm"]), number > 0 else { return nil }
        return number
    }

    /// Microvolts per unit: the payload keeps microvolts whatever the file used.
    static func microvolts(_ text: String) -> Double? {
        switch text {
        // The micro sign (U+00B5) and the Greek mu (U+03BC) look alike; writers use either.
        case "\u{B5}V", "\u{3BC}V", "uV": 1
        case "mV": 1000
        default: nil
        }
    }

    /// A watch's model identifier, e.g. `Watch6,2`.
    static func isWatchModel(_ text: String) -> Bool {
        guard text.hasPrefix("Watch") else { return false }
        let parts = text.dropFirst("Watch".count).split(separator: ",", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    /// A version number, e.g. `1.90` or `2.0.1`.
    static func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    /// The number before a unit word (matched without regard to case), spaces between optional.
    private static func number(_ text: String, unit words: [String]) -> Double? {
        let lowered = text.lowercased()
        guard let word = words.first(where: { lowered.hasSuffix($0) }) else { return nil }
        let digits = text.dropLast(word.count).trimmingCharacters(in: .whitespaces)
        return LocalizedDecimal.parse(digits)
    }
}
