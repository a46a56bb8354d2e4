import DemoData
import Foundation

extension DayRenderer {
    static let heartRateType = "HKQuantityTypeIdentifierHeartRate"
    static let beatsPerMinute = "count/min"

    /// Every few minutes awake, about every ten asleep, every few seconds in a workout; with
    /// a daily rhythm, the day's activity, and the motion context the watch reports
    /// (0 not set, 1 sedentary, 2 active).
    mutating func heartRate(into writer: inout ExportXMLWriter) {
        var instant = plan.midnight + Int64(random.integer(0...240))
        while instant < plan.nextMidnight {
            let bpm: Double
            let context: String
            var step: Int64
            if let workout = plan.workout, instant >= workout.start, instant < workout.end {
                bpm = workoutHeartRate(workout, at: instant)
                context = "2"
                step = Int64(random.integer(4...10))
            } else if plan.isAsleep(at: instant) {
                bpm = plan.restingHeartRate - 4 + random.gaussian(mean: 0, deviation: 2.5)
                context = "1"
                step = Int64(random.integer(420...780))
            } else {
                let hour = Double(instant - plan.midnight) / 3600
                let moving = plan.hourlySteps[min(23, Int(hour))] / 1000
                let rhythm = 5 * sin((hour - 9) / 24 * 2 * Double.pi)
                bpm = plan.restingHeartRate + 13 + rhythm + 7 * moving + random.gaussian(mean: 0, deviation: 5)
                context = moving > 0.6 && random.chance(0.4) ? "2" : random.chance(0.05) ? "0" : "1"
                step = Int64(random.integer(150...420))
            }
            let sample = Sample(Self.heartRateType, Person.watch, unit: Self.beatsPerMinute,
                                value: .quantity(max(38, bpm).rounded(), places: 0),
                                start: instant, end: instant, created: created(instant, delay: 2...400))
            writer.record(sample, metadata: ["HKMetadataKeyHeartRateMotionContext": context])
            if let workout = plan.workout, instant < workout.start, instant + step > workout.start {
                step = workout.start + 3 - instant
            }
            instant += step
        }
    }

    /// Climbs over the first minutes, drops while paused.
    func workoutHeartRate(_ workout: PlannedWorkout, at instant: Int64) -> Double {
        let intensity = workout.kind.speed > 0 ? workout.speed / workout.kind.speed : 1
        let target = workout.kind.heartRate * intensity
        let warmUp = min(1, Double(instant - workout.start) / 300)
        let resting = plan.restingHeartRate + 25
        var bpm = resting + (target - resting) * warmUp
        if !workout.isMoving(at: instant) { bpm -= 25 }
        return bpm + 4 * sin(Double(instant) / 97)
    }

    mutating func restingHeartRate(into writer: inout ExportXMLWriter) {
        let start = plan.midnight + Int64(random.integer(60...900))
        let end = min(plan.nextBedtime, plan.nextMidnight - 60)
        writer.record(Sample("HKQuantityTypeIdentifierRestingHeartRate", Person.watch, unit: Self.beatsPerMinute,
                             value: .quantity(plan.restingHeartRate.rounded(), places: 0),
                             start: start, end: end, created: created(end, delay: 60...1800)))
    }

    mutating func walkingHeartRate(into writer: inout ExportXMLWriter) {
        let start = plan.wake + Int64(random.integer(600...3600))
        let end = min(plan.nextBedtime, plan.nextMidnight - 60)
        let value = plan.restingHeartRate + 38 + random.gaussian(mean: 0, deviation: 4)
        writer.record(Sample("HKQuantityTypeIdentifierWalkingHeartRateAverage", Person.watch, unit: Self.beatsPerMinute,
                             value: .quantity(value, places: 1), start: start, end: end, created: created(end, delay: 60...1800)))
    }

    /// A few one-minute SDNN readings, mostly asleep, each with the beat-to-beat heart
    /// rates it was computed from.
    mutating func heartRateVariability(into writer: inout ExportXMLWriter) {
        var starts = stride(from: plan.bedtime + 5400, to: plan.wake - 600, by: 7200).map { $0 + Int64(random.integer(0...900)) }
        starts.append(plan.midnight + Int64(random.integer(11 * 3600...14 * 3600)))
        starts.append(plan.midnight + Int64(random.integer(16 * 3600...20 * 3600)))
        let clock = schedule.beatClockStyle(onDay: plan.index)
        for start in starts where start < plan.nextMidnight {
            let asleep = plan.isAsleep(at: start)
            let rate = asleep ? plan.restingHeartRate - 3 : plan.restingHeartRate + 12
            let sdnn = max(12, random.gaussian(mean: asleep ? 52 : 38, deviation: 9))
            let end = start + Int64(random.integer(55...66))
            let sample = Sample("HKQuantityTypeIdentifierHeartRateVariabilitySDNN", Person.watch, unit: "ms",
                                value: .quantity(sdnn, places: 4), start: start, end: end, created: created(end))
            writer.beginElement()
            writer.openRecord(sample, indent: " ")
            writer.text.append(">\n  <HeartRateVariabilityMetadataList>\n")
            let offset = Double(writer.zone.offset(at: start))
            var beat = Double(start) + random.uniform(0..<1)
            var beats = 0
            while beat < Double(end) {
                let interval = 60 / rate + random.gaussian(mean: 0, deviation: sdnn / 1000)
                let bpm = (60 / max(0.3, interval)).rounded()
                writer.text.append("   <InstantaneousBeatsPerMinute bpm=\"")
                writer.text.append(bpm, places: 0)
                writer.text.append("\" time=\"")
                let local = (beat + offset).truncatingRemainder(dividingBy: 86400)
                clock.write(local < 0 ? local + 86400 : local, into: &writer.text)
                writer.text.append("\"/>\n")
                beats += 1
                beat += max(0.3, interval)
            }
            writer.text.append("  </HeartRateVariabilityMetadataList>\n </Record>\n")
            if writer.endRecord(sample) {
                writer.manifest.hrvRecordsWithBeats += 1
                writer.manifest.hrvBeats += beats
            }
        }
    }
}
