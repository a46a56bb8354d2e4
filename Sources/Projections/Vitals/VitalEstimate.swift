/// A rate derived from one recording, or the reason there is none.
public struct VitalEstimate: Hashable, Sendable {
    /// Beats or breaths per minute; nil when unreliable.
    public let rate: Double?
    /// 0…1: how clearly the recording shows one rhythm; nil when the algorithm does not judge.
    public let quality: Double?
    public let unreliable: UnreliableReason?

    public static func reliable(_ rate: Double, quality: Double?) -> VitalEstimate {
        VitalEstimate(rate: rate, quality: quality, unreliable: nil)
    }

    public static func unreliable(_ reason: UnreliableReason, quality: Double? = nil) -> VitalEstimate {
        VitalEstimate(rate: nil, quality: quality, unreliable: reason)
    }

    init(rate: Double?, quality: Double?, unreliable: UnreliableReason?) {
        self.rate = rate
        self.quality = quality
        self.unreliable = unreliable
    }
}
