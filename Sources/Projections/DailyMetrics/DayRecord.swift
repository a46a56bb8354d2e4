/// One event's contribution to one series on one day, kept compact so that `add` only appends.
struct DayRecord {
    var series: UInt16
    /// For a day's summary (a ShareHealth cell), 1 + the index of the column it states;
    /// 0 for a sample. Summaries fill a column only where no sample covers it.
    var summaryColumn: UInt16 = 0
    /// A point an app aggregated from samples (Health Auto Export's minute or hour buckets):
    /// counted only where no sample of its series falls on the day, since the samples it
    /// summarises may be held too (a full Apple Health import of the same days).
    var isAggregatePoint = false
    /// Index into the day's source names.
    var source: UInt16
    /// The offsets in force where the sample was lived at its start and at its end: they
    /// differ for a night across a change of the clock.
    var utcOffset: Int32
    var endUTCOffset: Int32
    /// UTC microseconds; the whole interval even where it crosses into other days, so that
    /// proration and overlap use the sample as recorded.
    var start: Int64
    var end: Int64
    /// In the series' unit (cumulative: the whole sample's amount).
    var value: Double
    /// A discrete aggregate's bucket extremes (Health Auto Export's heart-rate `Min` and `Max`),
    /// NaN where the record has none and its value is its own extreme: a NaN keeps the record
    /// two words long where an optional would pad it to four.
    var low = Double.nan
    var high = Double.nan
    /// `RepeatedSample.fingerprint` of the event's metadata: records equal in everything
    /// else and in this are one sample saved again, counted once.
    var content: UInt64 = 0
    var minimum: Double { low.isNaN ? value : low }
    var maximum: Double { high.isNaN ? value : high }
    var hasExtremes: Bool { !low.isNaN || !high.isNaN }

    /// The event id, for `remove`.
    var idHigh: UInt64
    var idLow: UInt64
}
