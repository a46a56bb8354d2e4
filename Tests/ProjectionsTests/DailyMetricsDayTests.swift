import LedgerCore
import Testing
@testable import Projections

@Suite("Daily metrics: a hand-computed day")
struct DailyMetricsDayTests {
    let march10 = DailyMetricsFixture.day("2024-03-10")
    let march9 = DailyMetricsFixture.day("2024-03-09")
    let march11 = DailyMetricsFixture.day("2024-03-11")

    func metrics(_ day: LocalDay) throws -> DayMetrics {
        var fixture = DailyMetricsFixture()
        return try DailyMetricsFixture.state(fixture.travelDay()).metrics(for: day)
    }

    @Test("steps: Watch wins the overlap, midnight split, New York evening counts on the same local day")
    func steps() throws {
        // Watch 600 + 200 + 400 (New York 21:00–22:00 local is 02:00 UTC on the 11th, but its
        // own offset puts it on the 10th) = 1200; iPhone 1000 × 30/60 uncovered = 500, + 300,
        // + 120 × 30/60 after midnight = 60 → 2060.
        #expect(try metrics(march10)["step_count"] == 2060)
        #expect(try metrics(march9)["step_count"] == 60)
        #expect(try metrics(march11)["step_count"] == nil)
    }

    @Test("sleep crossing midnight belongs to the wake-up day")
    func sleep() throws {
        let day = try metrics(march10)
        // Core 2 + 2.75 = 4.75, deep 1.5, REM 1; AutoSleep's 23:30–06:00 is covered by the
        // Watch, whose awake 03:30–03:45 is awake, not also AutoSleep's sleep. Total 4.75 + 1.5 + 1.
        #expect(day["sleep_total"] == 7.25)
        #expect(day["sleep_asleep"] == 0)
        #expect(day["sleep_core"] == 4.75)
        #expect(day["sleep_deep"] == 1.5)
        #expect(day["sleep_rem"] == 1)
        #expect(day["sleep_awake"] == 0.25)
        #expect(day["sleep_in_bed"] == 8.25)
        #expect(day["bedtime"] == 22.75)   // 22:45 the evening before
        #expect(day["wake_time"] == 6.5)   // the last core stage ends 06:30
        #expect(try metrics(march9)["sleep_total"] == nil)
    }

    @Test("heart rate, body, food and the ledger's kinds")
    func discrete() throws {
        let day = try metrics(march10)
        // 60 (Berlin 08:00) and 80 (New York 23:30 local); 100 at 00:30 New York is the 11th.
        #expect(day["heart_rate_min"] == 60)
        #expect(day["heart_rate_avg"] == 70)
        #expect(day["heart_rate_max"] == 80)
        #expect(try metrics(march11)["heart_rate_avg"] == 100)
        #expect(day["body_mass"] == 165 * 453.59237 / 1000)
        // 500 kcal logged + 1046 kJ = 250 kcal from MyFitnessPal: instants, both count.
        #expect(day["dietary_energy"] == 750)
        #expect(day["protein"] == 20)
        #expect(day["sodium"] == 400)
        #expect(day["fiber"] == 6)
        // (7 − 1) / 9 and (4 − 1) / 4: the fold keeps fractions of each rating's scale.
        #expect(day["mood_avg"] == (6.0 / 9 + 0.75) / 2)
        #expect(day["mood_ratings"] == 2)
        #expect(day["doses_taken"] == 1)
        #expect(day["symptoms_reported"] == 1)
        #expect(day["symptom_severity_max"] == 2)
        #expect(day["active_energy"] == nil)
    }
}
