/// A zero-phase Butterworth band-pass: fourth-order high- and low-pass cascades run
/// forward and then backward, so peaks stay where they were in time.
public struct BandPass {
    public let low: Double
    public let high: Double
    public let rate: Double

    /// Passes `low`…`high` Hz of a signal sampled `rate` times a second.
    public init(low: Double, high: Double, rate: Double) {
        self.low = low
        self.high = high
        self.rate = rate
    }

    /// The Q of each section of a fourth-order Butterworth filter.
    private static let fourthOrderQ = [0.541_196_1, 1.306_563]

    private var sections: [Biquad] {
        Self.fourthOrderQ.map { Biquad.highPass(cutoff: low, rate: rate, q: $0) }
            + Self.fourthOrderQ.map { Biquad.lowPass(cutoff: high, rate: rate, q: $0) }
    }

    public func apply(_ input: [Double]) -> [Double] {
        guard input.count > 2 else { return input.map { _ in 0 } }
        // Odd reflection at both ends keeps the filters' start-up transient out of the signal.
        let pad = min(input.count - 1, Int(3 * rate / low))
        let head = (1...pad).reversed().map { 2 * input[0] - input[$0] }
        let tail = (1...pad).map { 2 * input[input.count - 1] - input[input.count - 1 - $0] }
        var signal = head + input + tail
        for section in sections { signal = section.run(signal) }
        signal.reverse()
        for section in sections { signal = section.run(signal) }
        signal.reverse()
        return Array(signal[pad..<(pad + input.count)])
    }
}
