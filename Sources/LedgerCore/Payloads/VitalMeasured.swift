/// A raw vital-sign signal: a fingertip PPG series or accelerometer samples.
///
/// Heart and breathing rates are not stored: projections derive them, so a better
/// detector can be replayed over the same raw signal.
public struct VitalMeasured: EventPayload {
    public static let kind = EventKind.vitalMeasured
    public static let schema = 1

    public var samples: VitalSamples
    public var timing: SampleTiming
    /// How it was measured, e.g. `fingertip camera`, `phone on chest`.
    public var detail: String?
    /// The measuring session it belongs to (see `SymptomReported.session`).
    public var session: String?

    public init(samples: VitalSamples, timing: SampleTiming, detail: String? = nil, session: String? = nil) {
        self.samples = samples
        self.timing = timing
        self.detail = detail
        self.session = session
    }

    public var signal: VitalSignal {
        switch samples {
        case .ppg: .ppg
        case .accelerometer: .accelerometer
        }
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            let text = try document.string("signal")
            let count: Int
            switch VitalSignal(rawValue: text) {
            case .ppg?:
                let values = try document.doubles("values")
                samples = .ppg(values)
                count = values.count
            case .accelerometer?:
                let (x, y, z) = try (document.doubles("x"), document.doubles("y"), document.doubles("z"))
                for (name, axis) in [("y", y), ("z", z)] where axis.count != x.count {
                    throw ValidationError(field: name, value: "\(axis.count) values", reason: "must have as many values as x (\(x.count))")
                }
                samples = .accelerometer(x: x, y: y, z: z)
                count = x.count
            case nil:
                throw ValidationError(field: "signal", value: describe(.string(text)), reason: "must be ppg or accelerometer")
            }
            guard count > 0 else {
                throw ValidationError(field: text == "ppg" ? "values" : "x", value: "0 values", reason: "must hold at least one sample")
            }
            timing = try SampleTiming(document: document, sampleCount: count)
            detail = try Rule.nonEmptyIfPresent(document.optionalString("detail"), "detail")
            session = try Rule.nonEmptyIfPresent(document.optionalString("session"), "session")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["signal": .string(signal.rawValue)]
        timing.write(into: &document)
        switch samples {
        case .ppg(let values): document.setDoubles("values", values)
        case .accelerometer(let x, let y, let z):
            document.setDoubles("x", x)
            document.setDoubles("y", y)
            document.setDoubles("z", z)
        }
        document.set("detail", detail.doc)
        document.set("session", session.doc)
        return document
    }
}

/// Which sensor a vital signal came from.
public enum VitalSignal: String, Sendable, CaseIterable {
    /// Photoplethysmography: brightness of a fingertip on the camera, one value per frame.
    case ppg
    /// Motion of the device, three axes, for breathing rate.
    case accelerometer
}

/// The samples of a vital signal, shaped by the sensor.
public enum VitalSamples: Hashable, Sendable {
    case ppg([Double])
    /// Three axes of equal length.
    case accelerometer(x: [Double], y: [Double], z: [Double])
}

/// When each sample was taken: at a steady rate, or at given offsets.
public enum SampleTiming: Hashable, Sendable {
    /// Samples per second (Hz), from the envelope's start.
    case rate(Double)
    /// Seconds from the envelope's start, one per sample, never decreasing.
    case offsets([Double])

    init(document: Document, sampleCount: Int) throws(ValidationError) {
        if let rate = try document.optionalDouble("sampleRate") {
            guard document["timestamps"] == nil else {
                throw ValidationError(field: "timestamps", value: describe(document["timestamps"]), reason: "must not be given with sampleRate")
            }
            self = .rate(try Rule.positive(rate, "sampleRate"))
            return
        }
        guard document["timestamps"] != nil else {
            throw ValidationError(field: "sampleRate", value: "nothing", reason: "or timestamps is required")
        }
        let offsets = try document.doubles("timestamps")
        guard offsets.count == sampleCount else {
            throw ValidationError(field: "timestamps", value: "\(offsets.count) values", reason: "must have one per sample (\(sampleCount))")
        }
        for index in offsets.indices.dropFirst() where offsets[index] < offsets[index - 1] {
            throw ValidationError(
                field: "timestamps[\(index)]", value: describe(.double(offsets[index])), reason: "must not be earlier than the one before")
        }
        self = .offsets(offsets)
    }

    func write(into document: inout Document) {
        switch self {
        case .rate(let rate): document["sampleRate"] = .double(rate)
        case .offsets(let offsets): document.setDoubles("timestamps", offsets)
        }
    }
}
