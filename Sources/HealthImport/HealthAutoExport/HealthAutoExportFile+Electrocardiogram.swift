import LedgerCore

/// The entries of `data.ecg[]`: the Watch's ECG recordings, each an `ecg.recorded` as an
/// Apple Health export's `electrocardiograms/ecg_….csv` is.
///
/// `{"start", "end", "classification", "severity", "averageHeartRate", "numberOfVoltageMeasurements",
/// "voltageMeasurements": [{"date", "voltage", "units"}], "samplingFrequency", "source"}`. The
/// voltages are kept in microvolts whatever unit each was sent in; a measurement's `date` is
/// its place in the series (the start plus one sampling period per voltage before it), so only
/// its order is kept. `severity` and any `symptoms` the app sends go into the payload's
/// symptoms, as the ECG app lists what the person felt. Any other field is named in a note:
/// `ecg.recorded` has no place for it.
extension HealthAutoExportFile {
    /// Several times the voltages of the Watch's recording: more is not one recording, and
    /// one entry's voltages are held at once.
    static let maximumVoltages = 100_000

    /// Microvolts per unit the app may write a voltage in: HealthKit's volts, or the CSV's µV or mV.
    static let microvoltsPerUnit: [String: Double] = [
        // The micro sign (U+00B5) and the Greek mu (U+03BC) look alike; writers use either.
        "\u{B5}V": 1, "\u{3BC}V": 1, "uV": 1, "mV": 1_000, "V": 1_000_000,
    ]

    /// The fields an ECG entry is read by.
    static let electrocardiogramFields: Set<String> = [
        "start", "end", "classification", "severity", "symptoms", "averageHeartRate", "numberOfVoltageMeasurements", "voltageMeasurements",
        "samplingFrequency", "lead", "source",
    ]

    func electrocardiogram(_ entry: Document, field: String, summary: inout ImportSummary) throws(ImportError) -> Event {
        guard case .string(let classification)? = entry["classification"], !classification.isEmpty else {
            throw .malformed(path, column: field + ".classification", "missing or empty: the recording's classification (Sinus Rhythm, Atrial Fibrillation, Inconclusive…) was expected")
        }
        let (start, offset) = try date(entry, "start", field: field)
        let end = try end(of: entry, after: start, field: field)
        let frequency = try number(entry, "samplingFrequency", field: field)
        guard frequency > 0 else { throw .malformed(path, column: field + ".samplingFrequency", "\(frequency) is not a number of samples per second") }
        let voltages = try voltages(entry, field: field, summary: &summary)
        let app = pointSource(entry)
        for other in entry.fields where !Self.electrocardiogramFields.contains(other.name) && other.value != .null {
            summary.note("an ECG's field '\(other.name)': not kept (ecg.recorded has no place for it)")
        }
        let payload = ElectrocardiogramRecorded(
            classification: classification, averageHeartRate: try averageHeartRate(entry, field: field), samplingFrequency: frequency,
            voltages: voltages, lead: nonEmptyText(entry["lead"]), symptoms: try symptoms(entry, field: field))
        // The recording's start and the device that made it: one ECG at a time per watch. Its
        // classification or voltages re-sent otherwise are a correction, not a second recording.
        let id = identity.id(Self.idNamespace, ["ecg", String(start.micros), app ?? ""])
        let recorded = end ?? start.adding(seconds: Double(voltages.count) / frequency)
        return Event(payload, id: id, start: start, end: recorded, utcOffset: offset, source: entrySource(app))
    }

    /// The entry's voltages in microvolts, in the order sent.
    private func voltages(_ entry: Document, field: String, summary: inout ImportSummary) throws(ImportError) -> [Double] {
        let listField = field + ".voltageMeasurements"
        let items = try array(entry["voltageMeasurements"], field: listField)
        guard !items.isEmpty else { throw .malformed(path, column: listField, "no voltages: an ECG without its measurements cannot be stored") }
        guard items.count <= Self.maximumVoltages else {
            throw .malformed(path, column: listField, "\(items.count) voltages, more than the \(Self.maximumVoltages) one recording may have")
        }
        var voltages: [Double] = []
        voltages.reserveCapacity(items.count)
        // Runs of one unit: the factor is looked up again only where the unit changes.
        var lastUnit = "", factor = 0.0
        for (index, item) in items.enumerated() {
            let itemField = "\(listField)[\(index)]"
            guard case .map(let measurement) = item else { throw .malformed(path, column: itemField, "is not an object") }
            guard case .string(let unit)? = measurement["units"] else {
                throw .malformed(path, column: itemField + ".units", "missing or not text: one of V, mV, µV was expected")
            }
            if unit != lastUnit {
                guard let perUnit = Self.microvoltsPerUnit[unit] else {
                    throw .malformed(path, column: itemField + ".units", "'\(unit.prefix(20))' is not a unit of voltage: one of V, mV, µV was expected")
                }
                (lastUnit, factor) = (unit, perUnit)
            }
            let microvolts = try number(measurement, "voltage", field: itemField) * factor
            guard microvolts.isFinite else { throw .malformed(path, column: itemField + ".voltage", "is too large to be a voltage") }
            voltages.append(microvolts)
        }
        if let stated = try entry["numberOfVoltageMeasurements"].flatMap({ value throws(ImportError) in
            value == .null ? nil : try number(entry, "numberOfVoltageMeasurements", field: field)
        }), stated != Double(voltages.count) {
            summary.note("an ECG sent with \(voltages.count) voltages of the \(Self.amountText(stated)) it says it has: stored with those sent")
        }
        return voltages
    }

    /// Beats per minute, nil where the app sends none or 0: HealthKit has no average for some
    /// inconclusive recordings.
    private func averageHeartRate(_ entry: Document, field: String) throws(ImportError) -> Double? {
        guard let value = entry["averageHeartRate"], value != .null else { return nil }
        let rate = try number(entry, "averageHeartRate", field: field)
        guard rate >= 0 else { throw .malformed(path, column: field + ".averageHeartRate", "\(rate) is not a number of beats per minute") }
        return rate == 0 ? nil : rate
    }

    /// What the person said they felt: the `symptoms` sent (text or a list of names) and the
    /// `severity`, as one text.
    private func symptoms(_ entry: Document, field: String) throws(ImportError) -> String? {
        var said: [String] = []
        switch entry["symptoms"] {
        case .string(let text)? where !text.isEmpty: said.append(text)
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                let name: String? = switch item {
                case .string(let text): text
                case .map(let symptom): nonEmptyText(symptom["name"])
                default: nil
                }
                guard let name, !name.isEmpty else { throw .malformed(path, column: "\(field).symptoms[\(index)]", "is not a symptom's name") }
                said.append(name)
            }
        case nil, .null?, .string?: break
        default: throw .malformed(path, column: field + ".symptoms", "is neither text nor a list of symptoms")
        }
        if let severity = nonEmptyText(entry["severity"]) { said.append("severity: \(severity)") }
        return said.isEmpty ? nil : said.joined(separator: "; ")
    }

    private func nonEmptyText(_ value: DocValue?) -> String? {
        guard let value else { return nil }
        let text = Self.text(value)
        return text.isEmpty ? nil : text
    }
}
