import LedgerCore
import Projections

/// Dates at regular ticks along a period, at most about eight: every day, every other
/// day, weekly, fortnightly, then on the first of every one, two, three, six or twelve
/// months. Labels read `4 Mar`, or `Mar 2026` for monthly ticks.
struct DateTicks: Sequence {
    let ticks: [(day: Int64, label: String)]

    init(_ period: ClosedRange<LocalDay>, most: Int = 8) {
        let first = period.lowerBound.number, last = period.upperBound.number
        let days = last - first + 1
        if let step = [1, 2, 7, 14].first(where: { days <= Int64($0 * most) }) {
            ticks = stride(from: first, through: last, by: step).map { ($0, Self.dayLabel($0)) }
            return
        }
        let (startYear, startMonth, startDay) = CivilDate.fromDays(first)
        let months = Int64(days / 30)
        let every = [1, 2, 3, 6, 12].first { months <= Int64($0 * most) } ?? Int((months + Int64(most) - 1) / Int64(most))
        var ticks: [(Int64, String)] = []
        var index = startYear * 12 + startMonth - 1 + (startDay == 1 ? 0 : 1)
        index += (Int64(every) - index % Int64(every)) % Int64(every)
        while true {
            let day = CivilDate.toDays(year: index / 12, month: index % 12 + 1, day: 1)
            guard day <= last else { break }
            ticks.append((day, "\(Self.monthNames[Int(index % 12)]) \(index / 12)"))
            index += Int64(every)
        }
        self.ticks = ticks
    }

    func makeIterator() -> IndexingIterator<[(day: Int64, label: String)]> { ticks.makeIterator() }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func dayLabel(_ number: Int64) -> String {
        let (_, month, day) = CivilDate.fromDays(number)
        return "\(day) \(monthNames[Int(month) - 1])"
    }
}
