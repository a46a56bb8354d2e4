public import LedgerCore

/// What the face-models view keeps of one `face.captured` event: when, and its features.
public struct FaceCaptureRecord: Sendable, Equatable {
    public let id: EventID
    public let start: Timestamp
    public let utcOffset: Int32
    /// 0: the 24 features ShareHealth computed; N ≥ 1: derived from landmarks by extractor vN.
    public let extractorVersion: Int
    /// nil when the capture has neither features nor usable landmarks.
    public let features: FaceFeatures?

    /// The local day the capture pairs with.
    public var day: LocalDay { LocalDay(start, utcOffset: utcOffset) }
}
