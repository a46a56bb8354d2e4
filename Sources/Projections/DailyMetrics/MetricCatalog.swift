import LedgerCore

/// The daily metrics columns in their stable, documented CSV order (after `Date/Time`).
///
/// Order: activity (energy, steps, distances, flights, exercise/move/stand, workouts,
/// activity rings), heart (rate min/avg/max, resting, walking, HRV, recovery, VO₂ max,
/// notifications), sleep, vitals, body, nutrition (39 nutrients), mobility, other
/// (mindful minutes, handwashing…), then the ledger's own kinds (mood, fatigue, doses,
/// symptoms). The full list is `entries` in `MetricCatalog+Entries.swift`.
///
/// Rules, chosen where ShareHealth and Health leave room:
/// - Local day: every record counts on the local day at its own event's `utcOffset`, so a
///   flight changes the day boundary between samples, not for the whole day.
/// - Cumulative types (steps, distances, energy, flights, exercise/stand/move time,
///   nutrients, mindful minutes, workout time): a sample spanning local midnight is split
///   in proportion to its duration on each day. Where samples of different sources
///   overlap, the higher-priority source wins the overlap and a lower one counts only for
///   the uncovered fraction of its interval (Health's statistics behave so). An instant
///   sample (start = end) counts unless it lies inside a higher-priority interval. Samples
///   of the same source never cover each other.
/// - Source priority: the latest `setting.changed` `sources.priority` (an array of source
///   names; `null` restores the default) whose own local day is on or before the day.
///   Listed names rank first, in list order; the rest follow the default order: names
///   containing "Apple Watch", then names containing "iPhone", then all others in Unicode
///   order of their names.
/// - Discrete types (heart rate, HRV, respiratory rate, SpO₂, blood pressure, weight…):
///   min/avg/max over every source on the local day of the sample's start; the average
///   is the plain mean of samples, as Health's discrete statistics are.
/// - Sleep (`HKCategoryTypeIdentifierSleepAnalysis`): a night belongs to the day it ends
///   on — day D's window is [D−1 18:00, D 18:00) local, every sample is clipped to each
///   window it touches, so no column exceeds 24 h. `SleepFold` resolves the night: per
///   source the union of each stage's samples; across sources priority, asleep stages and
///   awake never counting the same time twice; In Bed the union of all sources. The parts
///   join into sleeps across gaps under an hour; the sleep with the most time asleep is
///   the main sleep, the others with time asleep are naps (`naps`, `nap_time`). Total =
///   core + deep + REM + unspecified asleep (legacy `Asleep` is unspecified) of the main
///   sleep; `[Asleep]` is the unspecified part alone; In Bed and Awake are separate.
///   Bedtime = the main sleep's first start, Wake Time = its last asleep end, both as
///   local clock hours 0 ≤ h < 24 — so a night begun at 22:45 the previous evening shows
///   `22.75`, as ShareHealth writes it.
/// - Day summaries (events of importers named `ShareHealth…` carrying `ShareHealthColumn`):
///   each states one column of its local day (`SummaryColumns`). A column with samples on
///   the day (sleep columns: any sleep sample that night) ignores summaries; otherwise
///   the latest summary of that column (by start, then id) is its value; summaries never add.
/// - Percentages: Health stores fractions; `%` columns show them ×100.
/// - Units: values convert to the header's unit (lb → kg, kJ → kcal, m → km); a sample in
///   a unit of another dimension is ignored, except blood glucose in mmol/L (× 18.0156).
/// - Food: `food.logged` kcal/protein/carbs/fat and named nutrients (`fiber`, `sodiumMg`,
///   `vitaminDMcg`; grams unless the name ends in Mg, Mcg/Ug or Ml; water in mL) feed
///   the same columns as Health's dietary samples, as a source of their own under the
///   same priority rules; unknown nutrient names are ignored. Food correlations are
///   ignored because Health also exports their members as samples; blood-pressure
///   correlations count (duplicates cannot move an average, minimum or maximum).
/// - Mood and fatigue: each rating is kept as the fraction of its own event's scale
///   ((rating − min) / (max − min)); a day's average, minimum and maximum are shown on the
///   vault's rating scale (`RatingScale`, 1–10 unless `ratings.scale` says otherwise).
///   Doses count; symptoms count, with severity 0…3.
/// - Activity rings: the latest `activitySummary.recorded` for the date wins.
/// - A column with no records on a day is empty; a cumulative column whose records were
///   all covered by other sources is 0.
public enum MetricCatalog {
    public static let columns: [MetricColumn] = entries.map { MetricColumn(key: $0.key, header: $0.header, isRating: $0.isRating) }

    static let layout = CatalogLayout(entries)

    /// The index in `columns` of the column keyed `key`, or nil when there is none.
    public static func columnIndex(of key: String) -> Int? { layout.columnIndex[key] }
}

/// The catalog compiled for the fold: series, column plans and lookup tables.
struct CatalogLayout {
    let series: [MetricSeries]
    /// `series[i].kind`, apart so that the per-event path reads it without copying a series.
    let kinds: [SeriesKind]
    let plans: [ColumnPlan]
    let columnIndex: [String: Int]
    /// Full `HKQuantityTypeIdentifier…` → series.
    let quantities: [String: Int]
    /// Full `HKCategoryTypeIdentifier…` → series.
    let categories: [String: Int]
    /// Every other input → series.
    let inputs: [MetricInput: Int]
    let summaries: SummaryColumns

    init(_ entries: [CatalogEntry]) {
        var series: [MetricSeries] = []
        var inputs: [MetricInput: Int] = [:]
        var firstAsleep: Int?
        for entry in entries {
            for input in entry.inputs where inputs[input] == nil {
                let index = series.count
                let kind = Self.kind(of: input, statistic: entry.statistic)
                var group = index
                if case .sleep(let stage) = input, stage.isAsleep {
                    group = firstAsleep ?? index
                    firstAsleep = group
                }
                series.append(MetricSeries(input: input, kind: kind, unit: entry.unit, group: group))
                inputs[input] = index
            }
        }
        var quantities: [String: Int] = [:]
        var categories: [String: Int] = [:]
        for (index, item) in series.enumerated() {
            switch item.input {
            case .quantity(let name): quantities["HKQuantityTypeIdentifier" + name] = index
            case .category(let name): categories["HKCategoryTypeIdentifier" + name] = index
            default: break
            }
        }
        self.series = series
        kinds = series.map(\.kind)
        self.inputs = inputs
        self.quantities = quantities
        self.categories = categories
        plans = entries.map { entry in
            // Cannot fail: the loop above gave every input of every entry an index
            ColumnPlan(series: entry.inputs.map { inputs[$0]! }, statistic: entry.statistic, scale: entry.header.hasSuffix("(%)") ? 100 : 1)
        }
        columnIndex = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.key, $0) })
        summaries = SummaryColumns(entries, plans: plans)
    }

    private static func kind(of input: MetricInput, statistic: MetricStatistic) -> SeriesKind {
        switch input {
        case .quantity, .category: statistic == .sum ? .cumulative : .discrete
        case .sleep: .night
        case .workoutTime: .cumulative
        case .ring: .summary
        case .mood, .fatigue, .dose, .symptom, .workoutCount: .discrete
        }
    }
}
