import Numerical

/// The robust rate estimate of algorithm v2: detrend, band-pass, drop movement, time the
/// detected peaks and cross-check that rate against the spectrum.
///
/// The spectral peak alone can land on the second harmonic (a PPG's dicrotic wave puts much
/// of its power there), and peak counting alone double-counts notches; each corrects the other.
struct RhythmEstimator {
    let band: RhythmBand
    /// The quantile of the windows' levels that stands for the undisturbed rhythm.
    var typicalLevelQuantile = 0.5
    /// Below this quality the rhythm is not trusted.
    static let minimumQuality = 0.3
    /// Largest relative gap between the spectral and the peak-spacing rates that still agrees.
    static let agreement = 0.1
    /// Above this share of disturbed windows, movement rather than the rhythm fills the recording.
    static let maximumDisturbed = 0.3

    /// The band-passed, movement-free signal, oriented so that beats are maxima.
    struct Prepared {
        let filtered: [Double]
        /// Samples inside windows that movement swamped.
        let disturbed: [Bool]
        let disturbedShare: Double
    }

    func estimate(_ signal: UniformSignal) -> VitalEstimate {
        if let reason = screen(signal) { return .unreliable(reason) }
        let prepared = prepare(signal)
        if prepared.disturbedShare > Self.maximumDisturbed { return .unreliable(.motion(share: prepared.disturbedShare)) }
        return rate(prepared, rate: signal.rate)
    }

    /// Faults visible before any filtering.
    func screen(_ signal: UniformSignal) -> UnreliableReason? {
        if signal.duration < band.minimumSeconds { return .tooShort(seconds: signal.duration, needed: band.minimumSeconds) }
        if signal.rate < band.minimumRate { return .sampleRateTooLow(rate: signal.rate, needed: band.minimumRate) }
        guard let low = signal.values.min(), let high = signal.values.max() else { return .tooShort(seconds: 0, needed: band.minimumSeconds) }
        if high - low < 1e-9 { return .flat(value: high) }
        let atLimits = signal.values.filter { $0 == low || $0 == high }.count
        let share = Double(atLimits) / Double(signal.values.count)
        return share > 0.2 ? .clipped(share: share) : nil
    }

    func prepare(_ signal: UniformSignal) -> Prepared {
        var filtered = BandPass(low: band.low, high: band.high, rate: signal.rate).apply(SignalMath.detrended(signal.values))
        let window = max(1, Int(band.artefactWindow * signal.rate))
        let starts = Array(stride(from: 0, to: filtered.count, by: window))
        let levels = starts.map { SignalMath.rootMeanSquare(filtered[$0..<min($0 + window, filtered.count)]) }
        let typical = SignalMath.quantile(levels, typicalLevelQuantile)
        var disturbed = [Bool](repeating: false, count: filtered.count)
        var disturbedWindows = 0
        for (start, level) in zip(starts, levels) where level > 2.5 * typical || level < 0.2 * typical {
            disturbedWindows += 1
            for index in start..<min(start + window, filtered.count) {
                disturbed[index] = true
                filtered[index] = 0
            }
        }
        if band.detectsPolarity, Self.isFlipped(filtered) { filtered = filtered.map { -$0 } }
        return Prepared(filtered: filtered, disturbed: disturbed, disturbedShare: Double(disturbedWindows) / Double(max(starts.count, 1)))
    }

    /// A pulse rises fast and falls slowly; a camera PPG (brightness drops as blood arrives)
    /// shows the opposite, its steepest slopes falling.
    static func isFlipped(_ signal: [Double]) -> Bool {
        let slopes = zip(signal.dropFirst(), signal).map { $0 - $1 }
        return -SignalMath.quantile(slopes, 0.02) > SignalMath.quantile(slopes, 0.98)
    }

    func rate(_ prepared: Prepared, rate: Double) -> VitalEstimate {
        let spectrum = Spectrum(prepared.filtered, rate: rate, band: band.low...band.high, step: band.spectralStep)
        guard let strongest = spectrum.strongest, spectrum.total > 0 else { return .unreliable(.noRhythm(quality: 0)) }
        let spacing = PeakFinder(minimumSpacing: max(1, Int(rate / band.high * 0.9))).peaks(prepared.filtered)
        let intervals = zip(spacing.dropFirst(), spacing)
            .filter { !prepared.disturbed[$0.0] && !prepared.disturbed[$0.1] }
            .map { Double($0.0 - $0.1) / rate }
        guard intervals.count >= 3 else { return .unreliable(.noRhythm(quality: 0)) }
        let typical = SignalMath.median(intervals)
        // A missed or an extra peak makes one interval about double or half: left out of the mean.
        let kept = intervals.filter { abs($0 - typical) <= 0.3 * typical }
        let intervalRate = Double(kept.count) / kept.reduce(0, +)
        // The strongest peak may be the harmonic of the true rhythm: keep the candidate the
        // beat spacing supports. Heart-rate variability spreads the line into sidebands, so
        // the power-weighted centre around it stands for the spectrum's rate.
        let candidates = [strongest, strongest / 2].filter { $0 >= band.low * 0.95 }
        let nearest = candidates.min { abs($0 - intervalRate) < abs($1 - intervalRate) }!
        let spectral = spectrum.centre(near: nearest, halfWidth: 2 * band.peakHalfWidth)
        let regular = Double(kept.count) / Double(intervals.count)
        var concentrated = spectrum.power(near: nearest, halfWidth: band.peakHalfWidth)
        if 2 * nearest <= band.high { concentrated += spectrum.power(near: 2 * nearest, halfWidth: band.peakHalfWidth) }
        let quality = min(1, concentrated / spectrum.total) * regular * (1 - prepared.disturbedShare)
        if quality < Self.minimumQuality { return .unreliable(.noRhythm(quality: quality), quality: quality) }
        guard abs(spectral - intervalRate) <= Self.agreement * intervalRate else {
            return .unreliable(.disagreement(spectral: spectral * 60, intervals: intervalRate * 60), quality: quality)
        }
        return .reliable(intervalRate * 60, quality: quality)
    }
}
