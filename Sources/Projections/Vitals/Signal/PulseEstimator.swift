import Numerical

/// Heart rate of algorithm v3. Beats are found on the slope of the pulse, not its height: the
/// systolic upstroke is the steepest rise of a cycle, while the dicrotic wave that follows
/// rises gently, so it is not counted as a second beat even when its crest is nearly as
/// tall. The spectrum's candidate rates (its strongest line, or half of it when that line is
/// the second harmonic) are told apart by the slope peaks, and the chosen rate then sets a
/// refractory period of 60% of a beat for the final count.
struct PulseEstimator {
    let band = RhythmBand.heart
    /// Below this quality the rhythm is not trusted: v2's threshold, which the real windows
    /// confirm (the lowest clean one measured reads 0.31; no finger on the lens 0.22).
    static let minimumQuality = 0.3
    /// Share of the typical upstroke slope a rise must reach to count as a beat.
    static let relativeSlope = 0.45
    /// Share of a beat, at the spectral rate, within which no second beat can start.
    static let refractoryShare = 0.6

    func estimate(_ signal: UniformSignal) -> VitalEstimate {
        let estimator = RhythmEstimator(band: band)
        if let reason = estimator.screen(signal) { return .unreliable(reason) }
        let prepared = estimator.prepare(signal)
        if prepared.disturbedShare > RhythmEstimator.maximumDisturbed { return .unreliable(.motion(share: prepared.disturbedShare)) }
        let rate = signal.rate
        let spectrum = Spectrum(prepared.filtered, rate: rate, band: band.low...band.high, step: band.spectralStep)
        guard let strongest = spectrum.strongest, spectrum.total > 0 else { return .unreliable(.noRhythm(quality: 0)) }
        let slope = zip(prepared.filtered.dropFirst(), prepared.filtered).map { $0 - $1 }
        let disturbed = Array(prepared.disturbed.dropFirst())
        // Slope peaks only as far apart as the fastest heart allows pick the candidate...
        let shortest = max(1, Int(rate / band.high * 0.9))
        let unconstrained = RhythmIntervals(peaks: slopePeaks(slope, spacing: shortest), disturbed: disturbed, rate: rate)
        let candidates = [strongest, strongest / 2].filter { $0 >= band.low * 0.95 }
        let fundamental = candidates.min { abs($0 - (unconstrained?.rate ?? $0)) < abs($1 - (unconstrained?.rate ?? $1)) }!
        // ...whose beat then sets the refractory period of the count.
        let refractory = max(1, Int(Self.refractoryShare * rate / fundamental))
        guard let beats = RhythmIntervals(peaks: slopePeaks(slope, spacing: refractory), disturbed: disturbed, rate: rate) else {
            return .unreliable(.noRhythm(quality: 0))
        }
        let spectral = spectrum.centre(near: fundamental, halfWidth: 2 * band.peakHalfWidth)
        let quality = spectrum.harmonicShare(fundamental, band: band) * beats.regularity * (1 - prepared.disturbedShare)
        if quality < Self.minimumQuality { return .unreliable(.noRhythm(quality: quality), quality: quality) }
        guard abs(spectral - beats.rate) <= RhythmEstimator.agreement * beats.rate else {
            return .unreliable(.disagreement(spectral: spectral * 60, intervals: beats.rate * 60), quality: quality)
        }
        return .reliable(beats.rate * 60, quality: quality)
    }

    private func slopePeaks(_ slope: [Double], spacing: Int) -> [Int] {
        PeakFinder(minimumSpacing: spacing, relativeHeight: Self.relativeSlope).peaks(slope)
    }
}
