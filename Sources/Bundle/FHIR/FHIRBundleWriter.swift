import LedgerCore

/// `fhir/bundle.json`: a FHIR R4 `collection` Bundle with one Observation per quantity
/// sample whose type the mapping codes, written entry by entry.
///
/// The value stays in the sample's own unit when the mapping knows its UCUM code (a
/// weight in kg stays in kg); otherwise it is converted to the mapping's unit.
struct FHIRBundleWriter {
    let mapping: FHIRMapping
    private(set) var observations = 0
    private(set) var unmapped = 0

    init(mapping: FHIRMapping) { self.mapping = mapping }

    func opening(timestamp: String) -> String {
        "{\"resourceType\":\"Bundle\",\"type\":\"collection\",\"timestamp\":\(quoted(timestamp)),\"entry\":["
    }

    let closing = "]}\n"

    /// The entry for `event`, with a leading comma after the first; nil when it is not a mapped quantity.
    mutating func entry(_ event: Event) -> String? {
        guard event.kind == .sampleRecorded, let sample = try? event.decode(SampleRecorded.self) else { return nil }
        guard let coded = mapping.quantities[sample.type], let (value, unit, code) = quantity(sample, coded) else {
            unmapped += 1
            return nil
        }
        var observation: Document = ["resourceType": .string("Observation"), "id": .string(event.id.description), "status": .string("final")]
        observation["code"] = .map(["coding": coded.codings])
        let start = event.start.iso8601(utcOffset: event.utcOffset)
        if let end = event.end, end != event.start {
            observation["effectivePeriod"] = .map(["start": .string(start), "end": .string(end.iso8601(utcOffset: event.utcOffset))])
        } else {
            observation["effectiveDateTime"] = .string(start)
        }
        observation["valueQuantity"] = .map([
            "value": .double(value), "unit": .string(unit), "system": .string("http://unitsofmeasure.org"), "code": .string(code),
        ])
        observation["device"] = .map(["display": .string([event.source.name, event.source.device].compactMap { $0 }.joined(separator: ", "))])
        let entry: Document = ["fullUrl": .string("urn:uuid:" + uuid(event.id)), "resource": .map(observation)]
        defer { observations += 1 }
        return (observations == 0 ? "\n" : ",\n") + JSONWriter.string(entry)
    }

    private func quantity(_ sample: SampleRecorded, _ coded: FHIRMapping.Quantity) -> (Double, String, String)? {
        if let code = mapping.ucumByHealthKitUnit[sample.unit] { return (sample.value, sample.unit, code) }
        guard let target = coded.unit, let code = coded.ucum, let from = HealthUnit.named(sample.unit),
              let converted = from.convert(sample.value, to: target)
        else { return nil }
        return (converted, target.symbol, code)
    }

    private func uuid(_ id: EventID) -> String {
        let hex = id.description
        let cuts = [8, 12, 16, 20]
        var out = ""
        for (index, character) in hex.enumerated() {
            if cuts.contains(index) { out += "-" }
            out.append(character)
        }
        return out
    }

    private func quoted(_ text: String) -> String {
        var out = ""
        JSONWriter.writeString(text, into: &out)
        return out
    }
}
