/// What a rhythm looks like: the band it lives in and how long a recording must be.
struct RhythmBand: Sendable {
    /// Hz.
    let low: Double
    let high: Double
    let minimumSeconds: Double
    /// Seconds per window when looking for movement: a few cycles of the slowest rhythm.
    let artefactWindow: Double
    /// Hz between evaluated frequencies of the spectrum.
    let spectralStep: Double
    /// Hz either side of a spectral peak counted as that peak's power.
    let peakHalfWidth: Double
    /// Whether the waveform is asymmetric enough to tell a flipped recording (PPG) from
    /// an upright one; breathing is near-sinusoidal and needs no flip.
    let detectsPolarity: Bool

    /// 40–180 bpm.
    static let heart = RhythmBand(
        low: 40.0 / 60, high: 180.0 / 60, minimumSeconds: 10, artefactWindow: 2, spectralStep: 0.005, peakHalfWidth: 0.08, detectsPolarity: true)
    /// 6–42 breaths per minute.
    static let breathing = RhythmBand(
        low: 0.1, high: 0.7, minimumSeconds: 20, artefactWindow: 10, spectralStep: 0.002, peakHalfWidth: 0.03, detectsPolarity: false)

    /// Nyquist with a margin, so the band's top and its harmonic are both seen.
    var minimumRate: Double { 2.5 * high }
}
