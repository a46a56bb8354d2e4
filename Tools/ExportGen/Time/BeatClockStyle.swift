/// How the time of day of an HRV beat is written. Health formats it with the phone's locale
/// and no date, so a person who changed their phone's region has both forms in one export.
enum BeatClockStyle {
    /// `6:14:48.94 PM`
    case twelveHour
    /// `08:33:44,67`
    case twentyFourHourDecimalComma

    func write(_ secondsOfDay: Double, into text: inout XMLBytes) {
        let hundredths = Int((secondsOfDay * 100).rounded()) % (86400 * 100)
        let seconds = hundredths / 100
        let hour = seconds / 3600
        switch self {
        case .twelveHour:
            text.append(integer: hour % 12 == 0 ? 12 : hour % 12)
            text.append(byte: UInt8(ascii: ":"))
            text.append(twoDigits: seconds / 60 % 60)
            text.append(byte: UInt8(ascii: ":"))
            text.append(twoDigits: seconds % 60)
            text.append(byte: UInt8(ascii: "."))
            text.append(twoDigits: hundredths % 100)
            text.append(hour < 12 ? " AM" : " PM")
        case .twentyFourHourDecimalComma:
            text.appendClock(seconds)
            text.append(byte: UInt8(ascii: ","))
            text.append(twoDigits: hundredths % 100)
        }
    }
}
