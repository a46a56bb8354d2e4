import Numerical

extension Spectrum {
    /// Share of the band's power near `fundamental` and its harmonics inside the band: a
    /// real pulse puts much of its power in the harmonics, and heart-rate variability widens
    /// each line in proportion to its order.
    func harmonicShare(_ fundamental: Double, band: RhythmBand) -> Double {
        guard total > 0 else { return 0 }
        var concentrated = 0.0
        var order = 1.0
        while order * fundamental <= band.high + band.peakHalfWidth {
            concentrated += power(near: order * fundamental, halfWidth: band.peakHalfWidth * order.squareRoot())
            order += 1
        }
        return min(1, concentrated / total)
    }
}
