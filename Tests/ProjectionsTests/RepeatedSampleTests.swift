import Foundation
import LedgerCore
import PropertyBased
import Testing
import TestSupport
@testable import Projections

/// Issue 39, case 5: one sample saved many times by its source counts once in every
/// column; samples that only their metadata tells apart (two meals) count each.
@Suite struct RepeatedSampleTests {
    static let lark = Source(name: "lark", version: "1.2")
    static let nutrino = Source(name: "Nutrino")
    static let day = LocalDay(iso: "2017-10-08")!

    static func sample(_ type: String, _ value: Double, _ unit: String, _ from: String, _ to: String?, source: Source,
                       metadata: [String: String] = [:], id: UInt16) -> Event {
        Event(SampleRecorded(type: "HKQuantityTypeIdentifier" + type, value: value, unit: unit, metadata: metadata),
              id: EventID(bytes: [UInt8](repeating: 0, count: 14) + [UInt8(id >> 8), UInt8(id & 0xFF)])!,
              start: DailyMetricsFixture.at(from, 10_800), end: to.map { DailyMetricsFixture.at($0, 10_800) }, utcOffset: 10_800,
              source: source)
    }

    @Test("lark's one walk saved 17 times is 38.3 kcal and 0.53 km, not 17 times that")
    func aWalkSavedSeventeenTimesCountsOnce() throws {
        var events: [Event] = []
        for copy in 0..<17 {
            let sync = ["HKMetadataKeySyncIdentifier": "walk-\(copy)"]
            events.append(Self.sample("ActiveEnergyBurned", 38.3, "kcal", "2017-10-08T09:00", "2017-10-08T09:15", source: Self.lark, metadata: sync, id: UInt16(copy * 2)))
            events.append(Self.sample("DistanceWalkingRunning", 0.53, "km", "2017-10-08T09:00", "2017-10-08T09:15", source: Self.lark, id: UInt16(copy * 2 + 1)))
        }
        let metrics = try DailyMetricsFixture.state(events).metrics(for: Self.day)
        #expect(metrics["active_energy"].map { abs($0 - 38.3) < 1e-9 } == true, "\(String(describing: metrics["active_energy"]))")
        #expect(metrics["walking_running_distance"].map { abs($0 - 0.53) < 1e-9 } == true, "\(String(describing: metrics["walking_running_distance"]))")
    }

    @Test("two 690 kcal meals logged at the same second that only HKFoodType tells apart are 1380 kcal")
    func mealsToldApartByTheirFoodAreTwo() throws {
        let events = ["Black Bean Salad", "Bagel, Lox And Avocado"].enumerated().map { index, food in
            Self.sample("DietaryEnergyConsumed", 690, "kcal", "2017-10-08T00:00", "2017-10-08T00:00", source: Self.nutrino,
                        metadata: ["HKFoodType": food], id: UInt16(index))
        }
        #expect(try DailyMetricsFixture.state(events).metrics(for: Self.day)["dietary_energy"] == 1380)
    }

    /// A day of samples from three sources: steps, heart rate, energy with metadata, sleep.
    static func samples(_ seeds: [Int]) -> [Event] {
        let sources = [Self.lark, Self.nutrino, DailyMetricsFixture.watch]
        return seeds.enumerated().map { index, seed in
            let source = sources[seed % 3]
            let hour = 1 + seed % 20, minutes = seed % 50
            let from = String(format: "2017-10-08T%02d:%02d", hour, minutes), to = String(format: "2017-10-08T%02d:%02d", hour, minutes + 9)
            switch seed % 4 {
            case 0: return Self.sample("StepCount", Double(seed % 900), "count", from, to, source: source, id: UInt16(index))
            case 1: return Self.sample("HeartRate", Double(50 + seed % 90), "count/min", from, nil, source: source, id: UInt16(index))
            case 2:
                return Self.sample("ActiveEnergyBurned", Double(seed % 300) / 3, "kcal", from, to, source: source,
                                   metadata: ["HKIndoorWorkout": "\(seed % 2)"], id: UInt16(index))
            default:
                return Event(CategoryRecorded(type: "HKCategoryTypeIdentifierSleepAnalysis", value: "HKCategoryValueSleepAnalysisAsleepCore"),
                             id: EventID(bytes: [UInt8](repeating: 0, count: 14) + [UInt8(index >> 8), UInt8(index & 0xFF)])!,
                             start: DailyMetricsFixture.at(from, 10_800), end: DailyMetricsFixture.at(to, 10_800), utcOffset: 10_800, source: source)
            }
        }
    }

    @Test func savingASampleAgainChangesNoColumn() async throws {
        await propertyCheck(count: 100, input: Gen.int(in: 0...100_000).array(of: 1...40), Gen.int(in: 0...1000), Gen.int(in: 0...1)) { seeds, pick, where_ in
            await recordingThrownErrors {
                let events = Self.samples(seeds)
                var copy = events[pick % events.count]
                copy.id = EventID(bytes: [UInt8](repeating: 0xEE, count: 14) + [UInt8(pick >> 8), UInt8(pick & 0xFF)])!
                // A re-save: another id and creation, maybe a sync identifier of its own.
                if case .map(var metadata)? = copy.payload["metadata"] {
                    metadata["HKMetadataKeySyncIdentifier"] = .string("copy-\(pick)")
                    copy.payload["metadata"] = .map(metadata)
                }
                var withCopy = events
                withCopy.insert(copy, at: where_ == 0 ? 0 : withCopy.count)
                let before = try DailyMetricsFixture.state(events).metrics(for: Self.day)
                let after = try DailyMetricsFixture.state(withCopy).metrics(for: Self.day)
                #expect(before == after)
            }
        }
    }
}
