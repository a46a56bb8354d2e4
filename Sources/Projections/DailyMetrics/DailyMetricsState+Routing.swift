import LedgerCore

/// Which records an event contributes and the local days they belong to.
extension DailyMetricsState {
    /// Calls `emit(firstDay, lastDay, record)` for each record of `event`; `add` and
    /// `remove` share it so that removal visits exactly the days addition touched.
    func contributions(of event: Event, _ emit: (Int64, Int64, DayRecord) throws -> Void) throws {
        let (high, low) = event.id.words
        let start = event.start.micros
        let end = max(start, event.end?.micros ?? start)
        let content = event.kind == .sampleRecorded || event.kind == .categoryRecorded ? RepeatedSample.fingerprint(payload: event.payload) : 0
        // A sample that names its zone is read in that zone at each of its moments, whatever
        // offset the file that brought it was written at (an export writes every date at
        // the offset in force when it was made).
        let startOffset = event.sampleZone.flatMap { zoneOffsets.offset($0, at: event.start) } ?? event.utcOffset
        let endOffset = event.sampleZone.flatMap { zoneOffsets.offset($0, at: Timestamp(micros: end)) } ?? startOffset
        let record = DayRecord(
            series: 0, isAggregatePoint: event.source.name == Source.healthAutoExport.name, source: 0, utcOffset: startOffset, endUTCOffset: endOffset, start: start, end: end, value: 0, content: content,
            idHigh: high, idLow: low)

        /// Emits `value` in `series`, routed by the series' kind.
        func put(_ series: Int, _ value: Double, from: Int64 = start, to: Int64? = nil, day: Int64? = nil, extremes: (Double, Double)? = nil) throws {
            var item = record
            item.series = UInt16(series)
            item.value = value
            if let extremes, layout.kinds[series] == .discrete { (item.low, item.high) = extremes }
            item.start = from
            item.end = to ?? end
            let offset = startOffset
            switch layout.kinds[series] {
            case .cumulative:
                let last = item.end > item.start ? item.end - 1 : item.start
                try emit(LocalDay(Timestamp(micros: item.start), utcOffset: offset).number, LocalDay(Timestamp(micros: last), utcOffset: endOffset).number, item)
            case .night:
                let last = item.end > item.start ? item.end - 1 : item.start
                let shift: Int64 = 6 * 3_600_000_000
                try emit(LocalDay(Timestamp(micros: item.start + shift), utcOffset: offset).number,
                         LocalDay(Timestamp(micros: last + shift), utcOffset: endOffset).number, item)
            case .discrete:
                let number = LocalDay(Timestamp(micros: item.start), utcOffset: offset).number
                try emit(number, number, item)
            case .summary:
                let number = day ?? LocalDay(Timestamp(micros: item.start), utcOffset: offset).number
                try emit(number, number, item)
            }
        }

        /// A HealthKit quantity, converted to the series' unit.
        func quantity(_ type: String, _ value: Double, _ unit: String) throws {
            guard let series = quantitySeries(type), let converted = convert(value, unit, to: series) else { return }
            try put(series, converted)
        }

        /// A day's summary: one column's value on the local day the event starts on.
        func summary(_ header: String, series: Int?, value: Double?) throws {
            guard let column = layout.summaries.column(header: header, series: series), let value else { return }
            var item = record
            item.series = UInt16(layout.plans[column].series[0])
            item.summaryColumn = UInt16(column + 1)
            item.value = value
            item.end = start
            // Sleep summaries imported before their times were left out sit in the night;
            // shifting by six hours puts the night on the day it ends, as samples are.
            let shift: Int64 = layout.kinds[Int(item.series)] == .night ? 6 * 3_600_000_000 : 0
            let day = LocalDay(Timestamp(micros: start + shift), utcOffset: startOffset).number
            try emit(day, day, item)
        }

        if let header = summaryHeader(event) {
            switch event.kind {
            case .sampleRecorded:
                guard case .string(let type)? = event.payload["type"], let value = Self.number(event.payload["value"]),
                      case .string(let unit)? = event.payload["unit"] else { return }
                let series = quantitySeries(type)
                try summary(header, series: series, value: series.flatMap { convert(value, unit, to: $0) })
            case .categoryRecorded:
                guard case .string(let type)? = event.payload["type"] else { return }
                let series = type == "HKCategoryTypeIdentifierSleepAnalysis" ? layout.inputs[.sleep(.asleepUnspecified)] : layout.categories[type]
                try summary(header, series: series, value: summaryValue(event, header: header, series: series))
            default:
                break
            }
            return
        }

        switch event.kind {
        case .sampleRecorded:
            // Read the three fields directly: full payload validation costs more than the
            // whole fold, and the ledger validated the event when it was appended.
            guard case .string(let type)? = event.payload["type"], let series = quantitySeries(type),
                  let value = Self.number(event.payload["value"]), case .string(let unit)? = event.payload["unit"],
                  let converted = convert(value, unit, to: series)
            else { return }
            try put(series, converted, extremes: record.isAggregatePoint ? bucketExtremes(event, unit: unit, series: series, value: converted) : nil)
        case .categoryRecorded:
            guard case .string(let type)? = event.payload["type"] else { return }
            let value: String
            switch event.payload["value"] {
            case .string(let text)?: value = text
            case .int(let number)?: value = String(number)
            default: return
            }
            if type == "HKCategoryTypeIdentifierSleepAnalysis" {
                guard let stage = SleepStage(categoryValue: value), let series = layout.inputs[.sleep(stage)] else { return }
                try put(series, 0)
            } else if let series = layout.categories[type] {
                // Only hours stood count toward stand hours (Idle is raw value 1).
                if type == "HKCategoryTypeIdentifierAppleStandHour", value == "HKCategoryValueAppleStandHourIdle" || value == "1" { return }
                // Summed categories (mindful sessions) count their duration; the others count events.
                if layout.kinds[series] == .cumulative, let unit = layout.series[series].unit {
                    // Cannot fail: a symbol HealthUnit.all holds
                    try put(series, HealthUnit.named("s")!.convert(Double(end - start) / 1_000_000, to: unit) ?? 0)
                } else {
                    try put(series, 1)
                }
            }
        case .correlationRecorded:
            let correlation = try event.decode(CorrelationRecorded.self)
            // Health exports a meal's members as samples too; summing both would double it.
            guard correlation.type != "HKCorrelationTypeIdentifierFood" else { return }
            for sample in correlation.samples { try quantity(sample.type, sample.value, sample.unit) }
        case .workoutRecorded:
            let duration = try event.payload.double("duration")
            // Cannot fail: MetricCatalog has a column fed by each of these inputs
            try put(layout.inputs[.workoutCount]!, 1)
            try put(layout.inputs[.workoutTime]!, duration / 60, to: event.end.map { max(start, $0.micros) } ?? start + Int64(duration * 1_000_000))
        case .activitySummaryRecorded:
            let summary = try event.decode(ActivitySummaryRecorded.self)
            guard let day = LocalDay(iso: summary.date)?.number else { return }
            let fields: [(RingField, Double?)] = [
                (.move, summary.activeEnergyBurned), (.moveGoal, summary.activeEnergyBurnedGoal),
                (.moveTime, summary.moveMinutes), (.moveTimeGoal, summary.moveMinutesGoal),
                (.exercise, summary.exerciseMinutes), (.exerciseGoal, summary.exerciseMinutesGoal),
                (.stand, summary.standHours), (.standGoal, summary.standHoursGoal),
            ]
            // Cannot fail: MetricCatalog has a column fed by each of these inputs
            for case let (field, value?) in fields { try put(layout.inputs[.ring(field)]!, value, day: day) }
        case .moodRated:
            let mood = try event.decode(MoodRated.self)
            // Cannot fail: MetricCatalog has a column fed by each of these inputs
            try put(layout.inputs[.mood]!, (mood.rating - mood.scaleMin) / (mood.scaleMax - mood.scaleMin))
        case .fatigueRated:
            let fatigue = try event.decode(FatigueRated.self)
            // Cannot fail: MetricCatalog has a column fed by each of these inputs
            try put(layout.inputs[.fatigue]!, (fatigue.rating - fatigue.scaleMin) / (fatigue.scaleMax - fatigue.scaleMin))
        case .doseTaken:
            // Cannot fail: MetricCatalog has a column fed by each of these inputs
            try put(layout.inputs[.dose]!, 1)
        case .symptomReported:
            try put(layout.inputs[.symptom]!, Double(try event.decode(SymptomReported.self).severity.rawValue))
        case .foodLogged:
            let food = try event.decode(FoodLogged.self)
            let macros: [(String, Double?, String)] = [
                ("DietaryEnergyConsumed", food.kcal, "kcal"), ("DietaryProtein", food.protein, "g"),
                ("DietaryCarbohydrates", food.carbs, "g"), ("DietaryFatTotal", food.fat, "g"),
            ]
            for case let (name, value?, unit) in macros { try quantity("HKQuantityTypeIdentifier" + name, value, unit) }
            // Sorted so that records land in the same order whatever the dictionary's order.
            for (name, value) in food.nutrients.sorted(by: { $0.key < $1.key }) {
                guard let (identifier, unit) = FoodNutrient.resolve(name) else { continue }
                try quantity(identifier, value, unit.symbol)
            }
        default:
            return
        }
    }

    /// The ShareHealth column a daily summary states: importers of day summaries (source
    /// names beginning `ShareHealth`, and Health Auto Export's night totals) mark each event
    /// with it; nil for a sample.
    func summaryHeader(_ event: Event) -> String? {
        guard event.source.name.hasPrefix("ShareHealth") || event.source.name == Source.healthAutoExport.name, case .map(let metadata)? = event.payload["metadata"],
              case .string(let header)? = metadata[Self.summaryColumnKey] else { return nil }
        return header
    }

    static let summaryColumnKey = "ShareHealthColumn"
    static let summaryValueKey = "ShareHealthValue"

    /// A category summary's value in its column's unit: the number the cell held, in the
    /// header's unit; without one (imports before it was kept), the event's duration.
    private func summaryValue(_ event: Event, header: String, series: Int?) -> Double? {
        guard let column = layout.summaries.column(header: header, series: series) else { return nil }
        let target = layout.summaries.units[column]
        if case .map(let metadata)? = event.payload["metadata"], case .string(let text)? = metadata[Self.summaryValueKey] {
            guard let value = Double(text), value.isFinite else { return nil }
            guard let target, let unit = CatalogEntry.unit(in: header) else { return value }
            return unit.convert(value, to: target)
        }
        let seconds = Double((event.end?.micros ?? event.start.micros) - event.start.micros) / 1_000_000
        // Cannot fail: a symbol HealthUnit.all holds
        return target.flatMap { HealthUnit.named("s")!.convert(seconds, to: $0) }
    }

    /// The extremes of a bucket an app aggregated, in the series' unit; nil when it states none.
    private func bucketExtremes(_ event: Event, unit: String, series: Int, value: Double) -> (Double, Double)? {
        guard case .map(let metadata)? = event.payload["metadata"] else { return nil }
        func extreme(_ key: String) -> Double? {
            guard case .string(let text)? = metadata[key], let number = Double(text), number.isFinite else { return nil }
            return convert(number, unit, to: series)
        }
        let low = extreme(BucketExtremes.minimumKey), high = extreme(BucketExtremes.maximumKey)
        guard low != nil || high != nil else { return nil }
        // A bucket's value lies within its extremes; one stated wrong cannot narrow the day's range.
        return (min(low ?? value, value), max(high ?? value, value))
    }

    /// The `sources.priority` change an event makes, or nil for any other setting.
    func priorityChange(_ event: Event) throws -> SourcePriority.Change? {
        let setting = try event.decode(SettingChanged.self)
        guard setting.key == SourcePriority.settingKey, let names = SourcePriority.names(in: setting.value) else { return nil }
        let (high, low) = event.id.words
        let day = LocalDay(event.start, utcOffset: event.utcOffset).number
        return SourcePriority.Change(day: day, start: event.start.micros, idHigh: high, idLow: low, names: names)
    }

    /// `value` in the unit of `series`, or nil when it measures something else.
    /// The series of a HealthKit quantity type, remembered from the last lookup: samples
    /// come in runs of one type, and comparing with the last is cheaper than hashing.
    func quantitySeries(_ type: String) -> Int? {
        if let last = lastQuantity, last.type == type { return last.series }
        let series = layout.quantities[type]
        lastQuantity = (type, series)
        return series
    }

    func convert(_ value: Double, _ unit: String, to series: Int) -> Double? {
        guard let target = layout.series[series].unit, unit != target.symbol else { return value }
        guard let source = HealthUnit.named(unit) else { return nil }
        if let converted = source.convert(value, to: target) { return converted }
        // Glucose is the one molar quantity Health exports in both forms: 1 mmol/L = 18.0156 mg/dL.
        // Cannot fail: a symbol HealthUnit.all holds
        if source.dimension == .molarConcentration, target.dimension == .massConcentration,
           layout.series[series].input == .quantity("BloodGlucose"), let millimolar = source.convert(value, to: HealthUnit.named("mmol/L")!) {
            return millimolar * 18.015588
        }
        return nil
    }

    static func number(_ value: DocValue?) -> Double? {
        switch value {
        case .double(let number)?: number
        case .int(let number)?: Double(number)
        default: nil
        }
    }
}
