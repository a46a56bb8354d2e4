/// One hour's steps as the watch and phone saw them: a few walks, each its own sample on
/// the watch, and one longer sample on the phone if it was in a pocket — overlapping the
/// watch's, as in Health, which de-duplicates them when it sums.
struct WalkingHour {
    struct Walk {
        let start: Int64
        let end: Int64
        let steps: Double
        /// Metres per step: longer when running.
        let stride: Double
    }

    var walks: [Walk] = []
    var phoneCarried = false
    /// The share of the watch's steps the phone counted.
    var phoneShare = 0.0

    var start: Int64? { walks.first?.start }
    var end: Int64? { walks.map(\.end).max() }
    var steps: Double { walks.reduce(0) { $0 + $1.steps } }
    var distance: Double { walks.reduce(0) { $0 + $1.steps * $1.stride } }
}
