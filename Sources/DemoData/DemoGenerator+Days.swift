import Foundation
import LedgerCore

extension DemoGenerator {
    /// Sleep stages from about 23:00 to 07:00, with respiratory rate and SpO₂ readings.
    mutating func night(_ midnight: Int64) -> [Event] {
        var events: [Event] = []
        var cursor = midnight - hours(1) + Int64(random.gaussian(mean: 0, deviation: 1_200_000_000))
        let stages = ["HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep", "HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepREM", "HKCategoryValueSleepAnalysisAwake"]
        events.append(event(CategoryRecorded(type: "HKCategoryTypeIdentifierSleepAnalysis", value: "HKCategoryValueSleepAnalysisInBed"), Timestamp(micros: cursor), Self.watch, end: Timestamp(micros: midnight + hours(7.1))))
        while cursor < midnight + hours(7) {
            for stage in stages {
                let length = Int64(max(4, random.gaussian(mean: 22, deviation: 8)) * 60_000_000)
                events.append(event(CategoryRecorded(type: "HKCategoryTypeIdentifierSleepAnalysis", value: stage), Timestamp(micros: cursor), Self.watch, end: Timestamp(micros: cursor + length)))
                cursor += length
            }
        }
        for hour in stride(from: 0.5, to: 7, by: 1.5) {
            events.append(sample("HKQuantityTypeIdentifierRespiratoryRate", random.reading(mean: 14.5, deviation: 1, places: 1), "count/min", at: midnight + hours(hour)))
            events.append(sample("HKQuantityTypeIdentifierOxygenSaturation", random.reading(mean: 0.97, deviation: 0.01, places: 2), "%", at: midnight + hours(hour + 0.2)))
        }
        events.append(sample("HKQuantityTypeIdentifierHeartRateVariabilitySDNN", random.reading(mean: 48, deviation: 9, places: 1), "ms", at: midnight + hours(3)))
        return events
    }

    /// Heart rate every 5 minutes awake and every 10 asleep, following the day's rhythm.
    mutating func heartRate(_ midnight: Int64) -> [Event] {
        var events: [Event] = []
        var minute = 0
        while minute < 1440 {
            let asleep = minute < 420 || minute > 1410
            let base = asleep ? 54.0 : 68 + 8 * sin(Double(minute - 480) / 1440 * 2 * .pi)
            events.append(sample("HKQuantityTypeIdentifierHeartRate", random.reading(mean: base, deviation: 4), "count/min", at: midnight + Int64(minute) * 60_000_000))
            minute += asleep ? 10 : 5
        }
        return events
    }

    /// Hourly steps, active and basal energy from watch and phone (overlapping, as in Health).
    mutating func steps(_ midnight: Int64) -> [Event] {
        var events: [Event] = []
        for hour in 7..<23 {
            let start = midnight + hours(Double(hour))
            let steps = max(0, random.reading(mean: 600, deviation: 350))
            events.append(sample("HKQuantityTypeIdentifierStepCount", steps, "count", at: start, duration: hours(1)))
            events.append(sample("HKQuantityTypeIdentifierStepCount", (steps * 0.8).rounded(), "count", at: start, duration: hours(1), source: Self.phone))
            events.append(sample("HKQuantityTypeIdentifierDistanceWalkingRunning", (steps * 0.00072 * 1000).rounded() / 1000, "km", at: start, duration: hours(1)))
            events.append(sample("HKQuantityTypeIdentifierActiveEnergyBurned", random.reading(mean: 28, deviation: 10, places: 3), "kcal", at: start, duration: hours(1)))
            events.append(sample("HKQuantityTypeIdentifierBasalEnergyBurned", random.reading(mean: 62, deviation: 2, places: 3), "kcal", at: start, duration: hours(1)))
        }
        return events
    }

    /// Moods, fatigue, meals, doses, symptoms and an activity, typed at the terminal.
    mutating func selfReports(_ midnight: Int64, weekday: Int) -> [Event] {
        var events: [Event] = []
        let weekend = weekday >= 5
        for time in [9.5, 20.5] {
            events.append(event(MoodRated(rating: min(10, max(1, random.reading(mean: weekend ? 7.2 : 6.4, deviation: 1.4))), note: random.next() % 4 == 0 ? "busy day" : nil), Timestamp(micros: midnight + hours(time))))
        }
        events.append(event(FatigueRated(rating: min(10, max(1, random.reading(mean: 4, deviation: 1.5)))), Timestamp(micros: midnight + hours(15))))
        let meals: [(Double, Meal, String, Double)] = [(8, .breakfast, "Oatmeal with berries", 380), (12.8, .lunch, "Lentil soup and bread", 620), (19.2, .dinner, "Salmon, rice and greens", 710), (16, .snack, "Apple and almonds", 210)]
        for (time, meal, name, kcal) in meals {
            let energy = random.reading(mean: kcal, deviation: kcal * 0.1)
            events.append(event(FoodLogged(name: name, meal: meal, kcal: energy, protein: (energy * 0.05).rounded(), carbs: (energy * 0.12).rounded(), fat: (energy * 0.035).rounded()), Timestamp(micros: midnight + hours(time))))
        }
        events.append(event(DoseTaken(medication: "Vitamin D", dosage: Dosage(amount: 1000, unit: .IU)), Timestamp(micros: midnight + hours(8.1))))
        if random.next() % 5 == 0 {
            events.append(event(SymptomReported(name: "Headache", severity: .moderate, note: "after screens"), Timestamp(micros: midnight + hours(17))))
            events.append(event(DoseTaken(medication: "Ibuprofen", dosage: Dosage(amount: 200, unit: .mg), note: "headache"), Timestamp(micros: midnight + hours(17.2))))
        }
        let (name, start) = weekend ? ("Socializing", 18.0) : ("Reading", 21.5)
        let started = event(ActivityStarted(name: name), Timestamp(micros: midnight + hours(start)))
        events.append(started)
        events.append(event(ActivityStopped(name: name, startedBy: started.id), Timestamp(micros: midnight + hours(start + 1.2))))
        return events
    }

    /// A run with statistics, events and a GPS route.
    mutating func workout(_ midnight: Int64) -> Event {
        let start = midnight + hours(18)
        let minutes = random.reading(mean: 35, deviation: 6)
        let route = (0..<40).map { (step: Int) -> RoutePoint in
            let position = Double(step)
            let longitude: Double = 13.405 + sin(position / 6) * 0.001
            return RoutePoint(latitude: 52.52 + position * 0.0004, longitude: longitude, altitude: 34 + Double(step % 5), offset: position * minutes * 1.5)
        }
        let payload = WorkoutRecorded(
            activityType: "HKWorkoutActivityTypeRunning", duration: minutes * 60,
            totalDistance: Quantity(value: (minutes / 6 * 100).rounded() / 100, unit: "km"),
            totalEnergyBurned: Quantity(value: (minutes * 10).rounded(), unit: "kcal"),
            statistics: [WorkoutStatistic(type: "HKQuantityTypeIdentifierHeartRate", average: random.reading(mean: 152, deviation: 5), minimum: 118, maximum: 176, unit: "count/min")],
            events: [WorkoutEvent(type: "HKWorkoutEventTypeSegment", offset: 0, duration: minutes * 30)],
            route: route)
        return event(payload, Timestamp(micros: start), Self.watch, end: Timestamp(micros: start + Int64(minutes * 60_000_000)))
    }

    /// An HRV beat-to-beat series of one minute.
    mutating func heartbeats(_ midnight: Int64) -> Event {
        var offset = 0.0
        var beats: [Heartbeat] = []
        while offset < 60 {
            beats.append(Heartbeat(offset: (offset * 1000).rounded() / 1000))
            offset += max(0.6, random.gaussian(mean: 0.95, deviation: 0.05))
        }
        return event(HeartbeatSeriesRecorded(beats: beats), Timestamp(micros: midnight + hours(4)), Self.watch, end: Timestamp(micros: midnight + hours(4) + 60_000_000))
    }

    /// Weekly: blood pressure, a face capture, a fingertip PPG and a breathing recording.
    mutating func weekly(_ midnight: Int64) -> [Event] {
        let morning = Timestamp(micros: midnight + hours(7.5))
        let systolic = random.reading(mean: 118, deviation: 6)
        let pressure = CorrelationRecorded(type: "HKCorrelationTypeIdentifierBloodPressure", samples: [
            CorrelatedSample(type: "HKQuantityTypeIdentifierBloodPressureSystolic", value: systolic, unit: "mmHg"),
            CorrelatedSample(type: "HKQuantityTypeIdentifierBloodPressureDiastolic", value: (systolic * 0.66).rounded(), unit: "mmHg"),
        ])
        let features = FaceFeatures { feature in
            switch feature {
            case .headPitch, .headYaw, .headRoll: (random.gaussian(mean: 0, deviation: 4) * 10).rounded() / 10
            default: (Double.random(in: 0.05...0.9, using: &random) * 1000).rounded() / 1000
            }
        }
        let indicators = FaceIndicators { _ in (Double.random(in: 30...90, using: &random)).rounded() }
        let face = FaceCaptured(features: features, indicators: indicators, metadata: FaceCaptureMetadata(imageWidth: 1080, imageHeight: 1440, faceConfidence: 0.98, landmarkCount: 478))
        let heartRate = random.gaussian(mean: 66, deviation: 5) / 60
        let ppg = (0..<900).map { frame in
            let t = Double(frame) / 30
            return ((180 - 3 * sin(2 * .pi * heartRate * t) + random.gaussian(mean: 0, deviation: 0.3)) * 100).rounded() / 100
        }
        let breathing = random.gaussian(mean: 15, deviation: 1.5) / 60
        let axis = (0..<1_350).map { sample in (sin(2 * .pi * breathing * Double(sample) / 30) * 0.02 * 1000).rounded() / 1000 }
        let flat = axis.map { _ in (random.gaussian(mean: 0, deviation: 0.002) * 1000).rounded() / 1000 }
        return [
            event(pressure, morning, Source(name: "Omron", device: "M7", version: "2.1")),
            event(face, morning.adding(seconds: 120)),
            event(VitalMeasured(samples: .ppg(ppg), timing: .rate(30), detail: "fingertip camera"), morning.adding(seconds: 300), .cli, end: morning.adding(seconds: 330)),
            event(VitalMeasured(samples: .accelerometer(x: flat, y: flat, z: axis), timing: .rate(30), detail: "phone on chest"), morning.adding(seconds: 360), .cli, end: morning.adding(seconds: 405)),
        ]
    }

    /// A 10-second single-lead ECG at 128 Hz.
    mutating func electrocardiogram(_ midnight: Int64) -> Event {
        let voltages = (0..<1_280).map { sample -> Double in
            let phase = Double(sample % 110) / 110
            return ((phase < 0.05 ? 900 * sin(phase * 20 * .pi) : 40 * sin(phase * 2 * .pi)) * 10).rounded() / 10
        }
        let payload = ElectrocardiogramRecorded(classification: "HKElectrocardiogramClassificationSinusRhythm", averageHeartRate: 68, samplingFrequency: 128, voltages: voltages, lead: "Apple Watch Simulating Lead I")
        return event(payload, Timestamp(micros: midnight + hours(12)), Self.watch, end: Timestamp(micros: midnight + hours(12) + 10_000_000))
    }
}
