import DemoData

extension DayRenderer {
    /// Morning weigh-ins from a Withings scale, with the metadata its app adds.
    mutating func bodyMass(into writer: inout ExportXMLWriter) {
        guard let weight = plan.weight else { return }
        let start = plan.wake + Int64(random.integer(300...1500))
        let link = "withings-bd2://timeline/measure?userid=4721&date=\(start)&type=1"
        writer.record(Sample("HKQuantityTypeIdentifierBodyMass", Person.scale(quirks: quirks), unit: "kg", value: .quantity(weight, places: 1),
                             start: start, end: start, created: created(start, delay: 20...7200)),
                      metadata: ["Withings User Identifier": "4721", "Withings Link": link, "HKWasUserEntered": "0"])
    }

    /// The cuff's reading, as the systolic or diastolic record; the correlation holds both.
    mutating func bloodPressure(systolic: Bool, into writer: inout ExportXMLWriter) {
        guard let sample = bloodPressureSample(systolic: systolic) else { return }
        writer.record(sample, metadata: ["HKWasUserEntered": "0"])
    }

    mutating func bloodPressureCorrelation(into writer: inout ExportXMLWriter) {
        guard let reading = plan.bloodPressure, let systolic = bloodPressureSample(systolic: true),
              let diastolic = bloodPressureSample(systolic: false) else { return }
        let cuff = Person.bloodPressureCuff(quirks: quirks)
        writer.beginElement()
        writer.text.append(" <Correlation")
        writer.text.plainAttribute("type", "HKCorrelationTypeIdentifierBloodPressure")
        writer.sourceAttributes(cuff)
        writer.dateAttribute("creationDate", reading.time + 40)
        writer.dateAttribute("startDate", reading.time)
        writer.dateAttribute("endDate", reading.time)
        writer.text.append(">\n")
        writer.metadata("HKWasUserEntered", "0")
        for sample in [diastolic, systolic] {
            writer.openRecord(sample, indent: "  ")
            writer.text.append(">\n")
            writer.metadata("HKWasUserEntered", "0", indent: "   ")
            writer.text.append("  </Record>\n")
        }
        writer.text.append(" </Correlation>\n")
        if writer.endElement("Correlation") {
            writer.manifest.correlationsByType["HKCorrelationTypeIdentifierBloodPressure", default: 0] += 1
            writer.manifest.correlationChildRecords += 2
        }
    }

    /// The same record whichever stream asks, so that it matches inside and outside the
    /// correlation.
    func bloodPressureSample(systolic: Bool) -> Sample? {
        guard let reading = plan.bloodPressure else { return nil }
        return Sample(systolic ? "HKQuantityTypeIdentifierBloodPressureSystolic" : "HKQuantityTypeIdentifierBloodPressureDiastolic",
                      Person.bloodPressureCuff(quirks: quirks), unit: "mmHg",
                      value: .quantity(systolic ? reading.systolic : reading.diastolic, places: 0),
                      start: reading.time, end: reading.time, created: reading.time + 40)
    }
}
