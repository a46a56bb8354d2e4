public import LedgerCore

extension Ticks {
    /// Days at regular ticks along `period`, at most about `most`: every day, every other
    /// day, weekly, fortnightly, then the first of every one, two, three, six or twelve
    /// months. Labels read `4 Mar`, or `Mar 2026` for monthly ticks.
    public static func days(_ period: ClosedRange<LocalDay>, most: Int = 8) -> [(day: Int64, label: String)] {
        let first = period.lowerBound.number, last = period.upperBound.number
        let days = last - first + 1
        if let step = [1, 2, 7, 14].first(where: { days <= Int64($0 * most) }) {
            return stride(from: first, through: last, by: step).map { ($0, dayLabel($0)) }
        }
        let (startYear, startMonth, startDay) = CivilDate.fromDays(first)
        let months = Int64(days / 30)
        let every = Int64([1, 2, 3, 6, 12].first { months <= Int64($0 * most) } ?? Int((months + Int64(most) - 1) / Int64(most)))
        var ticks: [(day: Int64, label: String)] = []
        var index = startYear * 12 + startMonth - 1 + (startDay == 1 ? 0 : 1)
        index += (every - index % every) % every
        while true {
            let day = CivilDate.toDays(year: index / 12, month: index % 12 + 1, day: 1)
            guard day <= last else { break }
            ticks.append((day, "\(monthNames[Int(index % 12)]) \(index / 12)"))
            index += every
        }
        return ticks
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func dayLabel(_ number: Int64) -> String {
        let (_, month, day) = CivilDate.fromDays(number)
        return "\(day) \(monthNames[Int(month) - 1])"
    }
}
