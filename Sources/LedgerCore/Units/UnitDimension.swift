/// What a unit measures; only units of the same dimension convert into each other.
public enum UnitDimension: String, Sendable, CaseIterable {
    case count, fraction, frequency, mass, energy, length, time, temperature, pressure, volume
    case massConcentration, molarConcentration, soundLevel, hearingLevel, internationalUnit
    case speed, oxygenUptake, power, effort, conductance, illuminance, angle
}
