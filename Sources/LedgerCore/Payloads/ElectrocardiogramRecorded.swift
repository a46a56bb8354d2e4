/// An ECG recording: the classification the device gave and the raw voltage series.
public struct ElectrocardiogramRecorded: EventPayload {
    public static let kind = EventKind.electrocardiogramRecorded
    public static let schema = 1

    /// As the device reports it, e.g. `Sinus Rhythm` or `HKElectrocardiogramClassificationSinusRhythm`.
    public var classification: String
    /// Beats per minute.
    public var averageHeartRate: Double?
    /// Samples per second (Hz).
    public var samplingFrequency: Double
    /// Microvolts, one per sample, in recording order.
    public var voltages: [Double]
    /// e.g. `Lead I`.
    public var lead: String?
    /// What the person said they felt, as the ECG app lists it, e.g. `Chest tightness or pain`.
    public var symptoms: String?

    public init(
        classification: String, averageHeartRate: Double? = nil, samplingFrequency: Double, voltages: [Double], lead: String? = nil,
        symptoms: String? = nil
    ) {
        self.classification = classification
        self.averageHeartRate = averageHeartRate
        self.samplingFrequency = samplingFrequency
        self.voltages = voltages
        self.lead = lead
        self.symptoms = symptoms
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            classification = try Rule.nonEmpty(document.string("classification"), "classification")
            averageHeartRate = try document.optionalDouble("averageHeartRate")
            if let rate = averageHeartRate { _ = try Rule.positive(rate, "averageHeartRate") }
            samplingFrequency = try Rule.positive(document.double("samplingFrequency"), "samplingFrequency")
            voltages = try document.doubles("voltages")
            guard !voltages.isEmpty else {
                throw ValidationError(field: "voltages", value: describe(document["voltages"]), reason: "must hold at least one sample")
            }
            lead = try Rule.nonEmptyIfPresent(document.optionalString("lead"), "lead")
            symptoms = try Rule.nonEmptyIfPresent(document.optionalString("symptoms"), "symptoms")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document: Document = ["classification": .string(classification)]
        document.set("averageHeartRate", averageHeartRate.doc)
        document["samplingFrequency"] = .double(samplingFrequency)
        document.setDoubles("voltages", voltages)
        document.set("lead", lead.doc)
        document.set("symptoms", symptoms.doc)
        return document
    }
}
