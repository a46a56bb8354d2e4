/// What feeds a column: the events whose values it aggregates.
enum MetricInput: Hashable {
    /// `sample.recorded` (and correlation members) of `HKQuantityTypeIdentifier<name>`;
    /// `food.logged` fields feed the matching dietary identifiers.
    case quantity(String)
    /// `category.recorded` of `HKCategoryTypeIdentifier<name>`: its duration when summed,
    /// one per sample when counted.
    case category(String)
    case sleep(SleepStage)
    /// `mood.rated`, normalised to 0…1 on the event's own scale.
    case mood
    /// `fatigue.rated`, normalised to 0…1 on the event's own scale.
    case fatigue
    /// `dose.taken`, one per dose.
    case dose
    /// `symptom.reported`, valued by severity 0…3.
    case symptom
    /// `workout.recorded`, one per workout on the day it starts.
    case workoutCount
    /// `workout.recorded` duration in minutes, spread over the days it covers.
    case workoutTime
    /// A field of `activitySummary.recorded`, on the summary's own date.
    case ring(RingField)
}

/// The activity-ring fields of an `activitySummary.recorded` event.
enum RingField: Hashable, CaseIterable {
    case move, moveGoal, moveTime, moveTimeGoal, exercise, exerciseGoal, stand, standGoal
}

/// How a column reduces its series' records for one day.
enum MetricStatistic: Hashable {
    /// Cumulative series: de-duplicated, prorated total; sleep: hours in the main sleep;
    /// other series: plain total.
    case sum
    case minimum
    case average
    case maximum
    /// Number of records.
    case count
    /// The value of the latest record (by start, then event id).
    case latest
    /// Sleep: the main sleep's first start, as local clock hours.
    case earliestStartClock
    /// Sleep: the main sleep's last asleep end, as local clock hours.
    case latestEndClock
    /// Sleep: the sleeps of the night other than the main one that hold time asleep.
    case napCount
    /// Sleep: hours asleep in those naps.
    case napTime
}
