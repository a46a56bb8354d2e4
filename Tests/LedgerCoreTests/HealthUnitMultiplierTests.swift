import LedgerCore
import Testing

/// Units convert by one table of factors (HealthUnit's), whoever asks.
@Suite struct HealthUnitMultiplierTests {
    @Test func aMultiplierIsWhatOneOfAUnitIsInAnother() throws {
        let kilogram = HealthUnit.kilogram
        #expect(HealthUnit.named("kg") == kilogram)
        for symbol in ["kg", "lb", "g", "st", "oz", "mg"] {
            let unit = try #require(HealthUnit.named(symbol))
            let multiplier = try #require(unit.multiplier(to: kilogram))
            let converted = try #require(unit.convert(1, to: kilogram))
            #expect(abs(multiplier - converted) <= converted.ulp, "\(symbol)")
        }
        #expect(HealthUnit.named("lb")?.multiplier(to: kilogram) == 0.453_592_37)
        #expect(HealthUnit.named("g")?.multiplier(to: kilogram) == 0.001)
    }

    @Test func noMultiplierAcrossDimensionsOrForOffsetScales() throws {
        let kilogram = HealthUnit.kilogram, celsius = try #require(HealthUnit.named("degC"))
        #expect(HealthUnit.named("kcal")?.multiplier(to: kilogram) == nil)
        #expect(HealthUnit.named("degF")?.multiplier(to: celsius) == nil)
        #expect(HealthUnit.named("K")?.multiplier(to: celsius) == nil)
    }
}
