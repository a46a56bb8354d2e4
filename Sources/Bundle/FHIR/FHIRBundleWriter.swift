import LedgerCore

/// `fhir/bundle.json`: a FHIR R4 `collection` Bundle, written entry by entry: the Patient
/// the readings are of (the vault; no name travels), one Observation per quantity sample
/// whose type the mapping codes, one per blood-pressure reading with its systolic and
/// diastolic values as components, and one heart rate per beat of a heartbeat series
/// (see `FHIRBundleWriter+Heartbeats.swift`).
///
/// Every value is in the UCUM form of its sample's own unit (`UCUMUnit`), converted only
/// when UCUM has none or FHIR's vital-signs profile allows another. The counts are taken
/// from what was written, for the manifest.
struct FHIRBundleWriter {
    let mapping: FHIRMapping
    private let patient: String
    private(set) var observations = 0
    private(set) var observationsWithoutLOINC = 0
    private(set) var samples = 0
    private(set) var samplesWritten = 0
    /// Systolic and diastolic samples wait for their other half, and for a correlation
    /// that already groups them (an Apple Health export has both), until `closing`.
    private var pressureHalves: [ReadingKey: [CorrelatedSample]] = [:]
    private var correlatedReadings: Set<ReadingKey> = []
    private var readingEvents: [ReadingKey: Event] = [:]
    /// An HRV Observation waits for the next event: an import stores a record's heartbeat
    /// series right after the record, and the Observation names the beats it is derived from.
    private var heldVariability: (observation: Document, event: Event)?
    /// Beats written as heart-rate Observations, and beats left out for having no rate.
    var heartbeats = 0
    var heartbeatsWithoutRate = 0

    static let ucum = "http://unitsofmeasure.org"
    static let systolic = "HKQuantityTypeIdentifierBloodPressureSystolic"
    static let diastolic = "HKQuantityTypeIdentifierBloodPressureDiastolic"
    static let variability = "HKQuantityTypeIdentifierHeartRateVariabilitySDNN"

    /// The samples written to no Observation: no code, or no UCUM unit, for their type.
    var samplesWithoutFHIRCode: Int { samples - samplesWritten }

    /// What the manifest counts of the file, taken from what was written.
    var counts: [String: Int] {
        [
            "observations": observations, "observationsWithoutLOINC": observationsWithoutLOINC, "samplesWithoutFHIRCode": samplesWithoutFHIRCode,
            "heartbeats": heartbeats, "heartbeatsWithoutRate": heartbeatsWithoutRate,
        ]
    }

    init(mapping: FHIRMapping, vaultID: String) {
        self.mapping = mapping
        patient = "urn:uuid:" + Self.uuid(vaultID)
    }

    func opening(timestamp: String) -> String {
        let entry: Document = ["fullUrl": .string(patient), "resource": .map(["resourceType": .string("Patient"), "id": .string(String(patient.dropFirst(9)))])]
        return "{\"resourceType\":\"Bundle\",\"type\":\"collection\",\"timestamp\":\(quoted(timestamp)),\"entry\":[\n" + JSONWriter.string(entry)
    }

    /// Appends the entries `event` adds now (each after a comma), if it adds any yet.
    mutating func writeEntries(_ event: Event, into out: inout [UInt8]) {
        if let held = heldVariability {
            heldVariability = nil
            if event.kind == .heartbeatSeriesRecorded, event.causation == held.event.id {
                writeBeats(of: event, derivingFrom: held, into: &out)
                return
            }
            write(held.observation, held.event, into: &out)
        }
        switch event.kind {
        case .sampleRecorded:
            guard let sample = try? event.decode(SampleRecorded.self) else { return }
            samples += 1
            if sample.type == Self.systolic || sample.type == Self.diastolic {
                let key = ReadingKey(event)
                pressureHalves[key, default: []].append(CorrelatedSample(type: sample.type, value: sample.value, unit: sample.unit))
                if readingEvents[key] == nil { readingEvents[key] = event }
                return
            }
            guard let coded = mapping.quantities[sample.type],
                  let value = quantity(sample.type, sample.value, sample.unit, coded)
            else { return }
            samplesWritten += 1
            var observation = base(event, codings: coded.codings)
            observation["valueQuantity"] = value
            if sample.type == Self.variability {
                heldVariability = (observation, event)
                return
            }
            write(observation, event, into: &out)
        case .heartbeatSeriesRecorded:
            writeBeats(of: event, derivingFrom: nil, into: &out)
        case .correlationRecorded:
            guard let correlation = try? event.decode(CorrelationRecorded.self), correlation.type == "HKCorrelationTypeIdentifierBloodPressure" else { return }
            if pressureReading(event, correlation.samples, into: &out) > 0 { correlatedReadings.insert(ReadingKey(event)) }
        default:
            return
        }
    }

    /// Appends the readings whose halves no correlation grouped, and the end of the Bundle.
    mutating func writeClosing(into out: inout [UInt8]) {
        if let held = heldVariability {
            heldVariability = nil
            write(held.observation, held.event, into: &out)
        }
        for (key, halves) in pressureHalves.sorted(by: { $0.key < $1.key }) {
            if correlatedReadings.contains(key) {
                samplesWritten += halves.count
                continue
            }
            guard let event = readingEvents[key] else { continue }
            samplesWritten += pressureReading(event, halves, into: &out)
        }
        out.append(contentsOf: "\n]}\n".utf8)
    }

    /// Appends one blood-pressure panel, if any of `parts` has a value; returns how many of
    /// `parts` it holds.
    private mutating func pressureReading(_ event: Event, _ parts: [CorrelatedSample], into out: inout [UInt8]) -> Int {
        var components: [DocValue] = []
        var used = 0
        for type in [Self.systolic, Self.diastolic] {
            guard let coded = mapping.quantities[type] else { continue }
            var component: Document = ["code": .map(["coding": .array(coded.codings)])]
            if let part = parts.first(where: { $0.type == type }), let value = quantity(type, part.value, part.unit, coded) {
                component["valueQuantity"] = value
                used += 1
            } else {
                component["dataAbsentReason"] = .map(["coding": .array([.map([
                    "system": .string("http://terminology.hl7.org/CodeSystem/data-absent-reason"), "code": .string("unknown"), "display": .string("Unknown"),
                ])])])
            }
            components.append(.map(component))
        }
        guard used > 0 else { return 0 }
        var observation = base(event, codings: mapping.bloodPressurePanel)
        observation["component"] = .array(components)
        write(observation, event, into: &out)
        return used
    }

    func base(_ event: Event, codings: [DocValue]) -> Document {
        var observation: Document = ["resourceType": .string("Observation"), "id": .string(event.id.description), "status": .string("final")]
        let loinc = FHIRMapping.loincCodes(codings)
        if VitalSign.among(loinc) != nil || loinc.contains(VitalSign.bloodPressurePanel) { observation["category"] = VitalSign.category }
        observation["code"] = .map(["coding": .array(codings)])
        observation["subject"] = .map(["reference": .string(patient)])
        let start = event.start.iso8601(utcOffset: event.utcOffset)
        if let end = event.end, end != event.start {
            observation["effectivePeriod"] = .map(["start": .string(start), "end": .string(end.iso8601(utcOffset: event.utcOffset))])
        } else {
            observation["effectiveDateTime"] = .string(start)
        }
        observation["device"] = .map(["display": .string([event.source.name, event.source.device].compactMap { $0 }.joined(separator: ", "))])
        return observation
    }

    mutating func write(_ observation: Document, _ event: Event, into out: inout [UInt8]) {
        write(observation, fullUrl: "urn:uuid:" + Self.uuid(event.id.description), into: &out)
    }

    mutating func write(_ observation: Document, fullUrl: String, into out: inout [UInt8]) {
        observations += 1
        if case .map(let code)? = observation["code"], case .array(let codings)? = code["coding"], FHIRMapping.loincCodes(codings).isEmpty {
            observationsWithoutLOINC += 1
        }
        let entry: Document = ["fullUrl": .string(fullUrl), "resource": .map(observation)]
        out.append(contentsOf: ",\n".utf8)
        JSONWriter.write(entry, into: &out)
    }

    /// `value` in `unit` as a FHIR Quantity: in the sample's own unit when UCUM has it (and
    /// a vital sign's profile allows it), else converted to the unit that is.
    func quantity(_ type: String, _ value: Double, _ unit: String, _ coded: FHIRMapping.Quantity) -> DocValue? {
        let vital = VitalSign.among(FHIRMapping.loincCodes(coded.codings))
        for target in [unit, vital?.convertTo ?? coded.unit].compactMap({ $0 }) {
            guard let ucum = UCUMUnit.forSample(type: type, healthKitUnit: target), vital?.units.contains(ucum.code) ?? true else { continue }
            var converted = value
            if target != unit {
                guard let from = HealthUnit.named(unit), let to = HealthUnit.named(target), let inTarget = from.convert(value, to: to) else { continue }
                converted = inTarget
            }
            // A fraction times 100 picks up binary noise (0.57 × 100 = 56.99999999999999).
            let scaled = ucum.scale == 1 ? converted : (converted * ucum.scale * 1e9).rounded() / 1e9
            return .map(["value": .double(scaled), "unit": .string(ucum.display), "system": .string(Self.ucum), "code": .string(ucum.code)])
        }
        return nil
    }

    static func uuid(_ hex: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(hex.utf8.count + 4)
        for (index, byte) in hex.utf8.enumerated() {
            if index == 8 || index == 12 || index == 16 || index == 20 { out.append(UInt8(ascii: "-")) }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private func quoted(_ text: String) -> String {
        var out = ""
        JSONWriter.writeString(text, into: &out)
        return out
    }
}
