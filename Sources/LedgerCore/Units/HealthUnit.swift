/// A unit string as HealthKit writes it (`count/min`, `kg`, `mg/dL`), with its dimension and
/// scale so that values convert (lb → kg, degF → degC).
///
/// Named `HealthUnit`, not `Unit`, because Foundation's `Unit` class would make the bare name
/// ambiguous in every file that imports both modules.
public struct HealthUnit: Hashable, Sendable {
    public let symbol: String
    public let dimension: UnitDimension
    /// Multiplier to the dimension's base unit after adding `offset` (temperatures).
    let factor: Double
    let offset: Double

    init(_ symbol: String, _ dimension: UnitDimension, _ factor: Double = 1, offset: Double = 0) {
        self.symbol = symbol
        self.dimension = dimension
        self.factor = factor
        self.offset = offset
    }

    /// Whether HealthKit writes `symbol` (molar units may carry a molar mass: `mmol<180.15588>/L`).
    public static func isKnown(_ symbol: String) -> Bool { named(symbol) != nil }

    /// The unit HealthKit spells exactly `symbol`.
    public static func named(_ symbol: String) -> HealthUnit? {
        if let unit = bySymbol[symbol] { return unit }
        return bySymbol[withoutMolarMass(symbol)]
    }

    /// The unit for text a person typed: HealthKit's spelling, or a common one (`lbs`, `ml`, `bpm`, `µg`).
    public static func parse(_ text: String) -> HealthUnit? {
        named(text) ?? aliases[text.lowercased()].flatMap { bySymbol[$0] }
    }

    /// `value` in `other`, or nil when the two measure different things.
    public func convert(_ value: Double, to other: HealthUnit) -> Double? {
        guard dimension == other.dimension else { return nil }
        if self == other { return value }
        return (value + offset) * factor / other.factor - other.offset
    }

    /// How many of `other` one of this unit is (`lb` in `kg`: 0.45359237), from the same
    /// factors `convert` uses; nil when the two measure different things or either scale is
    /// offset (temperatures), where no single multiplier converts.
    public func multiplier(to other: HealthUnit) -> Double? {
        guard dimension == other.dimension, offset == 0, other.offset == 0 else { return nil }
        return factor / other.factor
    }

    /// HealthKit annotates molar units with the substance's molar mass; the unit is the same.
    private static func withoutMolarMass(_ symbol: String) -> String {
        guard let open = symbol.firstIndex(of: "<"), let close = symbol[open...].firstIndex(of: ">"),
              Double(symbol[symbol.index(after: open)..<close]) != nil
        else { return symbol }
        return String(symbol[..<open] + symbol[symbol.index(after: close)...])
    }

    /// Body mass's unit, which entries are checked in.
    public static let kilogram = HealthUnit("kg", .mass, 1000)

    /// HealthKit's unit strings (`HKUnit.unitString`) and the spellings of Apple Health exports.
    public static let all: [HealthUnit] = [
        HealthUnit("count", .count),
        HealthUnit("%", .fraction),
        HealthUnit("count/s", .frequency), HealthUnit("count/min", .frequency, 1.0 / 60), HealthUnit("Hz", .frequency),
        HealthUnit("g", .mass), kilogram, HealthUnit("mg", .mass, 1e-3), HealthUnit("mcg", .mass, 1e-6),
        HealthUnit("lb", .mass, 453.59237), HealthUnit("oz", .mass, 28.349523125), HealthUnit("st", .mass, 6350.29318),
        HealthUnit("J", .energy), HealthUnit("kJ", .energy, 1000), HealthUnit("cal", .energy, 4.184),
        HealthUnit("kcal", .energy, 4184), HealthUnit("Cal", .energy, 4184),
        HealthUnit("m", .length), HealthUnit("km", .length, 1000), HealthUnit("cm", .length, 0.01), HealthUnit("mm", .length, 0.001),
        HealthUnit("mi", .length, 1609.344), HealthUnit("ft", .length, 0.3048), HealthUnit("in", .length, 0.0254),
        HealthUnit("yd", .length, 0.9144),
        HealthUnit("s", .time), HealthUnit("ms", .time, 0.001), HealthUnit("min", .time, 60), HealthUnit("hr", .time, 3600),
        HealthUnit("d", .time, 86400),
        HealthUnit("K", .temperature), HealthUnit("degC", .temperature, 1, offset: 273.15),
        HealthUnit("degF", .temperature, 5.0 / 9, offset: 459.67),
        HealthUnit("Pa", .pressure), HealthUnit("kPa", .pressure, 1000), HealthUnit("mmHg", .pressure, 133.322387415),
        HealthUnit("cmAq", .pressure, 98.0665), HealthUnit("inHg", .pressure, 3386.388666), HealthUnit("atm", .pressure, 101_325),
        HealthUnit("L", .volume), HealthUnit("mL", .volume, 1e-3), HealthUnit("fl_oz_us", .volume, 0.0295735295625),
        HealthUnit("fl_oz_imp", .volume, 0.0284130625), HealthUnit("cup_us", .volume, 0.2365882365),
        HealthUnit("cup_imp", .volume, 0.284130625), HealthUnit("pt_us", .volume, 0.473176473),
        HealthUnit("pt_imp", .volume, 0.56826125),
        HealthUnit("mg/dL", .massConcentration), HealthUnit("mmol/L", .molarConcentration),
        HealthUnit("dBASPL", .soundLevel), HealthUnit("dBHL", .hearingLevel), HealthUnit("IU", .internationalUnit),
        HealthUnit("m/s", .speed), HealthUnit("km/hr", .speed, 1 / 3.6), HealthUnit("mi/hr", .speed, 0.44704),
        HealthUnit("ml/(kg*min)", .oxygenUptake), HealthUnit("mL/min·kg", .oxygenUptake),
        HealthUnit("W", .power), HealthUnit("kcal/(kg*hr)", .effort), HealthUnit("kcal/hr·kg", .effort),
        HealthUnit("S", .conductance), HealthUnit("mcS", .conductance, 1e-6), HealthUnit("lx", .illuminance),
        HealthUnit("deg", .angle), HealthUnit("rad", .angle, 57.29577951308232),
    ]

    private static let bySymbol: [String: HealthUnit] = Dictionary(uniqueKeysWithValues: all.map { ($0.symbol, $0) })

    /// Lowercased spellings people type. `cal` is left out on purpose: it is ambiguous
    /// between HealthKit's small calorie and the food Calorie.
    private static let aliases: [String: String] = [
        "kg": "kg", "kgs": "kg", "g": "g", "mg": "mg", "mcg": "mcg", "µg": "mcg", "μg": "mcg", "ug": "mcg",
        "lb": "lb", "lbs": "lb", "oz": "oz", "st": "st",
        "kcal": "kcal", "kcals": "kcal", "kj": "kJ",
        "m": "m", "km": "km", "cm": "cm", "mm": "mm", "mi": "mi", "ft": "ft", "in": "in",
        "s": "s", "sec": "s", "secs": "s", "ms": "ms", "min": "min", "mins": "min", "h": "hr", "hr": "hr", "hrs": "hr",
        "degc": "degC", "°c": "degC", "c": "degC", "degf": "degF", "°f": "degF", "f": "degF",
        "mmhg": "mmHg", "l": "L", "ml": "mL", "fl_oz_us": "fl_oz_us", "floz": "fl_oz_us", "fl oz": "fl_oz_us",
        "mg/dl": "mg/dL", "mmol/l": "mmol/L", "bpm": "count/min", "count/min": "count/min", "iu": "IU",
        "dbaspl": "dBASPL", "db": "dBASPL", "hz": "Hz", "%": "%",
    ]
}
