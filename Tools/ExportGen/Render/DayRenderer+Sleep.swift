import DemoData

extension DayRenderer {
    static let sleepType = "HKCategoryTypeIdentifierSleepAnalysis"

    /// The night ending this morning: time in bed from the phone's sleep schedule, and the
    /// watch's stages in roughly ninety-minute cycles — more deep sleep early, more REM late.
    mutating func sleep(into writer: inout ExportXMLWriter) {
        let zone: KeyValuePairs = ["HKTimeZone": plan.zone.name]
        let inBed = plan.bedtime - Int64(random.integer(300...900))
        let outOfBed = plan.wake + Int64(random.integer(60...600))
        writer.record(Sample(Self.sleepType, plan.phone, unit: nil, value: .category("HKCategoryValueSleepAnalysisInBed"),
                             start: inBed, end: outOfBed, created: outOfBed + Int64(random.integer(60...1800))),
                      metadata: zone)
        let written = plan.wake + Int64(random.integer(300...2400))
        var cursor = plan.bedtime + Int64(random.integer(240...1200))
        while cursor < plan.wake {
            let progress = Double(cursor - plan.bedtime) / Double(max(1, plan.wake - plan.bedtime))
            var cycle: [(String, Double)] = [
                ("HKCategoryValueSleepAnalysisAsleepCore", random.uniform(15..<40)),
                ("HKCategoryValueSleepAnalysisAsleepDeep", random.uniform(8..<30) * (1.4 - progress)),
                ("HKCategoryValueSleepAnalysisAsleepCore", random.uniform(8..<20)),
                ("HKCategoryValueSleepAnalysisAsleepREM", random.uniform(8..<25) * (0.6 + progress)),
            ]
            if random.chance(0.35) { cycle.append(("HKCategoryValueSleepAnalysisAwake", random.uniform(1..<6))) }
            for (stage, minutes) in cycle where cursor < plan.wake {
                let end = min(plan.wake, cursor + Int64(minutes * 60))
                writer.record(Sample(Self.sleepType, Person.watch, unit: nil, value: .category(stage),
                                     start: cursor, end: end, created: written), metadata: zone)
                cursor = end
            }
        }
    }

    /// The watch measures breathing every half hour or so while asleep.
    mutating func respiratoryRate(into writer: inout ExportXMLWriter) {
        var start = plan.bedtime + Int64(random.integer(900...2400))
        while start < plan.wake {
            let end = start + Int64(random.integer(120...360))
            writer.record(Sample("HKQuantityTypeIdentifierRespiratoryRate", Person.watch, unit: "count/min",
                                 value: .quantity(random.gaussian(mean: 14.2, deviation: 0.9), places: 1),
                                 start: start, end: end, created: created(end, delay: 60...3600)))
            start = end + Int64(random.integer(1200...2400))
        }
    }

    /// Background blood-oxygen readings, mostly at night.
    mutating func oxygenSaturation(into writer: inout ExportXMLWriter) {
        let night = (0..<random.integer(3...5)).map { _ in plan.bedtime + Int64(random.uniform(0.1..<0.95) * Double(plan.wake - plan.bedtime)) }
        let day = (0..<random.integer(0...2)).map { _ in plan.wake + Int64(random.uniform(0..<1) * Double(12 * 3600)) }
        for start in (night + day).sorted() where start < plan.nextMidnight {
            let value = min(1, max(0.9, random.gaussian(mean: 0.965, deviation: 0.012)))
            writer.record(Sample("HKQuantityTypeIdentifierOxygenSaturation", Person.watch, unit: "%", value: .quantity(value, places: 2),
                                 start: start, end: start, created: created(start, delay: 30...900)))
        }
    }

    /// A nightly score under a type identifier newer than any importer's list.
    mutating func sleepScore(into writer: inout ExportXMLWriter) {
        let hours = Double(plan.wake - plan.bedtime) / 3600
        let score = min(100, max(30, 55 + 6 * (hours - 6) + random.gaussian(mean: 8, deviation: 6)))
        writer.record(Sample("HKQuantityTypeIdentifierAppleSleepScore", Person.watch, unit: "count", value: .quantity(score, places: 0),
                             start: plan.bedtime, end: plan.wake, created: created(plan.wake, delay: 300...3600)),
                      metadata: ["HKMetadataKeyAppleSleepScoreVersion": "1"])
    }
}
