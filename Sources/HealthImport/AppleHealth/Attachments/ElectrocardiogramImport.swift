public import LedgerCore

/// An ECG recording read from an export's `electrocardiograms/ecg_….csv`, ready to become an event.
public struct ElectrocardiogramImport: Sendable, Equatable {
    /// When the recording began.
    public var start: Timestamp
    /// Seconds east of UTC where it was recorded, from the recorded date's offset.
    public var utcOffset: Int32
    public var payload: ElectrocardiogramRecorded
    /// The watch model as written, e.g. `Watch6,2`, for the event's source.
    public var device: String?
    /// The ECG app's version as written, e.g. `1.90`, for the event's source.
    public var softwareVersion: String?

    public init(start: Timestamp, utcOffset: Int32, payload: ElectrocardiogramRecorded, device: String? = nil, softwareVersion: String? = nil) {
        self.start = start
        self.utcOffset = utcOffset
        self.payload = payload
        self.device = device
        self.softwareVersion = softwareVersion
    }

    /// When the recording ended: one sample period per voltage after the start.
    public var end: Timestamp {
        start.adding(seconds: Double(payload.voltages.count) / payload.samplingFrequency)
    }
}
