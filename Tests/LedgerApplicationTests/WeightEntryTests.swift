import LedgerApplication
import LedgerCore
import PropertyBased
import Testing

/// `weigh` takes a weight in the units a scale shows, and only one a body can have, the
/// units converted by HealthUnit's table like every other conversion.
@Suite struct WeightEntryTests {
    static let units = ["kg", "lb", "g", "st", "oz", "mg", "kcal", "pills"]

    @Test func aWeightIsTakenWhenItsMassIsABodysInAScalesUnit() async throws {
        await propertyCheck(count: 600, input: Gen.int(in: 0...1_500_000), Gen.element(of: Self.units)) { thousandths, unit in
            let text = unit == "g" ? "\(thousandths)g" : "\(thousandths / 1000).\(String(1000 + thousandths % 1000).dropFirst()) \(unit)"
            let kilograms = (try? Quantity.parse(text).converted(to: "kg"))?.value
            let bounds = EntryBounds.bodyMassKg
            if let kilograms, abs(kilograms - bounds.lowerBound) < 1e-9 || abs(kilograms - bounds.upperBound) < 1e-9 { return }
            let taken = (try? QuickEntries.weight(text, timing: EntryTiming())) != nil
            let expected = ["kg", "lb", "g", "st"].contains(unit) && kilograms.map(bounds.contains) == true
            #expect(taken == expected, "\(text): \(kilograms.map { "\($0) kg" } ?? "not a mass")")
        }
    }

    @Test func aWeightInAnotherUnitIsRefusedSayingWhichUnitsWork() {
        #expect(throws: EntryRejected.self) { try QuickEntries.weight("2000oz", timing: EntryTiming()) }
        let message = Self.message("160 mg")
        #expect(message.contains("160 mg") && message.contains("kg or lb"))
    }

    static func message(_ text: String) -> String {
        do {
            _ = try QuickEntries.weight(text, timing: EntryTiming())
            return ""
        } catch {
            return "\(error)"
        }
    }
}
