/// A HealthKit unit as UCUM writes it, for a FHIR Quantity's `code` and `unit`.
///
/// HealthKit's spellings are not UCUM (`count/min`, `degC`, `lb`, `mcg`), and HealthKit's
/// `%` is a fraction (0.97), where UCUM's `%` counts hundredths (97): `scale` turns the
/// one into the other. `count` has no unit of its own, so the sample's type names what
/// it counts (`{steps}`), or gives the unit it really is (a BMI is kg/m2).
struct UCUMUnit {
    let code: String
    /// What a FHIR Quantity's `unit` shows a person.
    let display: String
    let scale: Double

    init(_ code: String, display: String? = nil, scale: Double = 1) {
        self.code = code
        self.display = display ?? code
        self.scale = scale
    }

    /// The UCUM form of `healthKitUnit` for samples of `type`; nil when UCUM has none.
    static func forSample(type: String, healthKitUnit: String) -> UCUMUnit? {
        if healthKitUnit == "count" { return counted[type] ?? UCUMUnit("{count}", display: "count") }
        return byHealthKitUnit[healthKitUnit]
    }

    /// What samples whose HealthKit unit is `count` count, by quantity type.
    static let counted: [String: UCUMUnit] = [
        "HKQuantityTypeIdentifierStepCount": UCUMUnit("{steps}", display: "steps"),
        "HKQuantityTypeIdentifierFlightsClimbed": UCUMUnit("{flights}", display: "flights"),
        "HKQuantityTypeIdentifierPushCount": UCUMUnit("{pushes}", display: "pushes"),
        "HKQuantityTypeIdentifierSwimmingStrokeCount": UCUMUnit("{strokes}", display: "strokes"),
        "HKQuantityTypeIdentifierInhalerUsage": UCUMUnit("{puffs}", display: "puffs"),
        "HKQuantityTypeIdentifierNumberOfTimesFallen": UCUMUnit("{falls}", display: "falls"),
        "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages": UCUMUnit("{beverages}", display: "beverages"),
        "HKQuantityTypeIdentifierBodyMassIndex": UCUMUnit("kg/m2"),
    ]

    static let byHealthKitUnit: [String: UCUMUnit] = [
        "%": UCUMUnit("%", scale: 100),
        "count/s": UCUMUnit("/s"), "count/min": UCUMUnit("/min"), "Hz": UCUMUnit("Hz"),
        "g": UCUMUnit("g"), "kg": UCUMUnit("kg"), "mg": UCUMUnit("mg"), "mcg": UCUMUnit("ug"),
        "lb": UCUMUnit("[lb_av]", display: "lb"), "oz": UCUMUnit("[oz_av]", display: "oz"), "st": UCUMUnit("[stone_av]", display: "st"),
        "J": UCUMUnit("J"), "kJ": UCUMUnit("kJ"), "cal": UCUMUnit("cal"), "kcal": UCUMUnit("kcal"), "Cal": UCUMUnit("[Cal]", display: "Cal"),
        "m": UCUMUnit("m"), "km": UCUMUnit("km"), "cm": UCUMUnit("cm"), "mm": UCUMUnit("mm"),
        "mi": UCUMUnit("[mi_i]", display: "mi"), "ft": UCUMUnit("[ft_i]", display: "ft"), "in": UCUMUnit("[in_i]", display: "in"),
        "yd": UCUMUnit("[yd_i]", display: "yd"),
        "s": UCUMUnit("s"), "ms": UCUMUnit("ms"), "min": UCUMUnit("min"), "hr": UCUMUnit("h"), "d": UCUMUnit("d"),
        "K": UCUMUnit("K"), "degC": UCUMUnit("Cel", display: "°C"), "degF": UCUMUnit("[degF]", display: "°F"),
        "Pa": UCUMUnit("Pa"), "kPa": UCUMUnit("kPa"), "mmHg": UCUMUnit("mm[Hg]", display: "mmHg"),
        "cmAq": UCUMUnit("cm[H2O]", display: "cmH2O"), "inHg": UCUMUnit("[in_i'Hg]", display: "inHg"), "atm": UCUMUnit("atm"),
        "L": UCUMUnit("L"), "mL": UCUMUnit("mL"),
        "fl_oz_us": UCUMUnit("[foz_us]", display: "fl oz"), "fl_oz_imp": UCUMUnit("[foz_br]", display: "fl oz (imp)"),
        "cup_us": UCUMUnit("[cup_us]", display: "cup"), "pt_us": UCUMUnit("[pt_us]", display: "pt"), "pt_imp": UCUMUnit("[pt_br]", display: "pt (imp)"),
        "mg/dL": UCUMUnit("mg/dL"), "mmol/L": UCUMUnit("mmol/L"),
        "dBASPL": UCUMUnit("dB[SPL]", display: "dB SPL"), "dBHL": UCUMUnit("dB{HL}", display: "dB HL"), "IU": UCUMUnit("[iU]", display: "IU"),
        "m/s": UCUMUnit("m/s"), "km/hr": UCUMUnit("km/h"), "mi/hr": UCUMUnit("[mi_i]/h", display: "mph"),
        "ml/(kg*min)": UCUMUnit("mL/(kg.min)", display: "mL/kg/min"), "mL/min·kg": UCUMUnit("mL/(kg.min)", display: "mL/kg/min"),
        "W": UCUMUnit("W"), "kcal/(kg*hr)": UCUMUnit("kcal/(kg.h)", display: "kcal/kg/h"), "kcal/hr·kg": UCUMUnit("kcal/(kg.h)", display: "kcal/kg/h"),
        "S": UCUMUnit("S"), "mcS": UCUMUnit("uS", display: "µS"), "lx": UCUMUnit("lx"), "deg": UCUMUnit("deg"), "rad": UCUMUnit("rad"),
    ]
}
