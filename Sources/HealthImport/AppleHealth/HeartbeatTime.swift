/// The time of day of an HRV beat as the export writes it, in the phone's locale:
/// `6:14:48.94 PM`, `08:33:44,67`, `18:14:48.940`.
enum HeartbeatTime {
    /// Seconds since local midnight, or nil when the text is not a time of day.
    static func secondsOfDay(_ text: String) -> Double? {
        var clock = Substring(text).trimmingCharacters(in: " \u{00A0}\u{202F}")
        var shift = 0.0
        let upper = clock.uppercased()
        if upper.hasSuffix("AM") || upper.hasSuffix("PM") {
            shift = upper.hasSuffix("PM") ? 12 * 3600 : 0
            clock = clock.dropLast(2).trimmingCharacters(in: " \u{00A0}\u{202F}.")
        }
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              let hours = Int(parts[0]), let minutes = Int(parts[1]), (0..<60).contains(minutes)
        else { return nil }
        let seconds = parts.count == 3 ? Double(parts[2].replacingOccurrences(of: ",", with: ".")) : 0
        guard let seconds, seconds >= 0, seconds < 61 else { return nil }
        if shift > 0 || upper.hasSuffix("AM") {
            guard (1...12).contains(hours) else { return nil }
            return Double(hours % 12) * 3600 + shift + Double(minutes) * 60 + seconds
        }
        guard (0..<24).contains(hours) else { return nil }
        return Double(hours) * 3600 + Double(minutes) * 60 + seconds
    }
}

extension Substring {
    func trimmingCharacters(in characters: String) -> Substring {
        var text = self
        while let first = text.first, characters.contains(first) { text.removeFirst() }
        while let last = text.last, characters.contains(last) { text.removeLast() }
        return text
    }
}
