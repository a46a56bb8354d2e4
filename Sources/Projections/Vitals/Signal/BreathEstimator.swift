import Foundation
import Numerical

/// Breathing rate of algorithm v3. Each axis loses its slowly moving baseline (a running
/// median, which follows a change of posture as a step rather than smearing it), the three
/// are band-passed and combined along their principal component (breathing tilts the phone
/// about an axis that need not be one of the sensor's), and the breaths counted with a
/// refractory period tied to the spectral rate are cross-checked with the spectrum.
struct BreathEstimator {
    /// v2's band, with 6 s windows for movement: a sigh or a cough then fills one window
    /// rather than hiding in a quarter of a 10 s one.
    let band = RhythmBand(
        low: 0.1, high: 0.7, minimumSeconds: 20, artefactWindow: 6, spectralStep: 0.002, peakHalfWidth: 0.03, detectsPolarity: false)
    /// Calibrated on the real windows: below it, sighs, pauses and talking fill the recording.
    static let minimumQuality = 0.4
    /// Breaths vary more than beats: the spectral and counted rates may differ this much.
    static let agreement = 0.15
    /// The two halves of a recording, each with half the spectral resolution, may differ this much.
    static let halvesAgreement = 0.2
    /// Share of a breath, at the spectral rate, within which no second breath can start.
    static let refractoryShare = 0.5
    /// Seconds of the running median that stands for posture and drift: longer than the
    /// slowest breath, shorter than a change of position takes to settle.
    static let baselineSeconds = 12.0

    func estimate(x: UniformSignal, y: UniformSignal, z: UniformSignal) -> VitalEstimate {
        // Real breathing is quiet between sighs, coughs and words: the quieter windows, not
        // the median one, stand for the breathing, so that loud stretches count as movement.
        let estimator = RhythmEstimator(band: band, typicalLevelQuantile: 0.3)
        // One axis may barely move (a phone flat on the chest, a sensor that reports whole
        // steps): only length and sample rate are judged per axis, the signal on the combination.
        for axis in [x, y, z] {
            if let reason = estimator.screen(axis), reason.code == "too-short" || reason.code == "sample-rate-too-low" { return .unreliable(reason) }
        }
        let rate = x.rate
        let window = max(1, Int(Self.baselineSeconds * rate))
        let axes = [x, y, z].map { axis in
            let baseline = SignalMath.runningMedian(axis.values, window: window)
            return BandPass(low: band.low, high: band.high, rate: rate).apply(zip(axis.values, baseline).map { $0 - $1 })
        }
        let combined = SignalMath.principalComponent(axes, over: quietSamples(axes, rate: rate))
        if let reason = estimator.screen(UniformSignal(values: combined, rate: rate)) { return .unreliable(reason) }
        let prepared = estimator.prepare(UniformSignal(values: combined, rate: rate))
        if prepared.disturbedShare > RhythmEstimator.maximumDisturbed { return .unreliable(.motion(share: prepared.disturbedShare)) }
        let calm = zip(prepared.filtered, prepared.disturbed).filter { !$0.1 }.map(\.0)
        if let gravity = VitalsAlgorithmV2.gravity(x, y, z), SignalMath.rootMeanSquare(calm[...]) > VitalsAlgorithmV2.largestBreathingMotion * gravity {
            return .unreliable(.motion(share: 1))
        }
        let spectrum = Spectrum(prepared.filtered, rate: rate, band: band.low...band.high, step: band.spectralStep)
        guard let strongest = spectrum.strongest, spectrum.total > 0 else { return .unreliable(.noRhythm(quality: 0)) }
        let refractory = max(1, Int(Self.refractoryShare * rate / strongest))
        // Shallow breaths between deep ones still count: a fifth of a typical breath's height.
        let peaks = PeakFinder(minimumSpacing: refractory, relativeHeight: 0.2).peaks(prepared.filtered)
        guard let breaths = RhythmIntervals(peaks: peaks, disturbed: prepared.disturbed, rate: rate, outlier: 0.5) else {
            return .unreliable(.noRhythm(quality: 0))
        }
        let spectral = spectrum.centre(near: strongest, halfWidth: 2 * band.peakHalfWidth)
        let quality = spectrum.harmonicShare(strongest, band: band) * breaths.regularity * (1 - prepared.disturbedShare)
        if quality < Self.minimumQuality { return .unreliable(.noRhythm(quality: quality), quality: quality) }
        // Breathing that changes its pace halfway (talking, a coughing fit) has no one rate:
        // each half's spectrum must find the same rhythm.
        let halves = [prepared.filtered[..<(prepared.filtered.count / 2)], prepared.filtered[(prepared.filtered.count / 2)...]]
        let halfRates = halves.compactMap { Spectrum(Array($0), rate: rate, band: band.low...band.high, step: band.spectralStep).strongest }
        if let slowest = halfRates.min(), let fastest = halfRates.max(), fastest - slowest > Self.halvesAgreement * fastest {
            return .unreliable(.disagreement(spectral: slowest * 60, intervals: fastest * 60), quality: quality)
        }
        // The breath-to-breath rate, unless the spectrum disagrees, or pauses (or missed
        // breaths) make the count over the whole recording differ from it: then there is no
        // one rate to give.
        let counted = breaths.overallRate
        guard abs(spectral - breaths.rate) <= Self.agreement * breaths.rate else {
            return .unreliable(.disagreement(spectral: spectral * 60, intervals: breaths.rate * 60), quality: quality)
        }
        guard abs(counted - breaths.rate) <= Self.agreement * breaths.rate else {
            return .unreliable(.disagreement(spectral: spectral * 60, intervals: counted * 60), quality: quality)
        }
        return .reliable(breaths.rate * 60, quality: quality)
    }

    /// Samples in windows no louder, over all three axes, than 2.5 times the quieter
    /// windows: the direction breathing moves the phone is learnt there, not from a cough.
    func quietSamples(_ axes: [[Double]], rate: Double) -> [Bool] {
        let count = axes[0].count
        let window = max(1, Int(band.artefactWindow * rate))
        let starts = Array(stride(from: 0, to: count, by: window))
        let levels = starts.map { start in
            axes.reduce(0) { $0 + pow(SignalMath.rootMeanSquare($1[start..<min(start + window, count)]), 2) }.squareRoot()
        }
        let typical = SignalMath.quantile(levels, 0.3)
        var quiet = [Bool](repeating: false, count: count)
        for (start, level) in zip(starts, levels) where level <= 2.5 * typical {
            for index in start..<min(start + window, count) { quiet[index] = true }
        }
        return quiet
    }
}
