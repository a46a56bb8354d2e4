/// The elements that appear once: `<Me>` at the top; at the end, clinical records, an
/// audiogram, a vision prescription, and `<StateOfMind>` — an element the DTD does not
/// know, as newer iOS versions add them, which an importer must keep rather than drop.
struct OneOffElements {
    let schedule: ExportSchedule
    let planner: DayPlanner

    private func day(_ fraction: Double) -> Int { schedule.oneOffDay(fraction) }

    private func morning(_ day: Int) -> Int64 { planner.midnight(ofDay: day) + 10 * 3600 + 17 * 60 }

    func me(into writer: inout ExportXMLWriter) {
        writer.beginElement()
        writer.text.append(" <Me")
        writer.text.plainAttribute("HKCharacteristicTypeIdentifierDateOfBirth", "1988-04-12")
        writer.text.plainAttribute("HKCharacteristicTypeIdentifierBiologicalSex", "HKBiologicalSexFemale")
        writer.text.plainAttribute("HKCharacteristicTypeIdentifierBloodType", "HKBloodTypeAPositive")
        writer.text.plainAttribute("HKCharacteristicTypeIdentifierFitzpatrickSkinType", "HKFitzpatrickSkinTypeNotSet")
        // Required by the DTD, yet missing from some real exports.
        if !schedule.settings.quirks { writer.text.plainAttribute("HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse", "None") }
        writer.text.append("/>\n")
        writer.endElement("Me")
    }

    func trailer(into writer: inout ExportXMLWriter) {
        for (index, resource) in ClinicalResource.all.enumerated() {
            let day = schedule.clinicalRecordDay(index)
            writer.setZone(schedule.zone(onDay: day))
            writer.beginElement()
            writer.text.append(" <ClinicalRecord")
            writer.text.plainAttribute("type", resource.type)
            writer.text.plainAttribute("identifier", resource.identifier)
            writer.text.attribute("sourceName", ClinicalResource.sourceName)
            writer.text.plainAttribute("sourceURL", ClinicalResource.sourceURL)
            writer.text.plainAttribute("fhirVersion", "4.0.1")
            writer.dateAttribute("receivedDate", morning(day))
            writer.text.plainAttribute("resourceFilePath", resource.filePath)
            writer.text.append("/>\n")
            writer.endElement("ClinicalRecord")
        }
        audiogram(into: &writer)
        visionPrescription(into: &writer)
        stateOfMind(into: &writer)
    }

    private func audiogram(into writer: inout ExportXMLWriter) {
        let start = morning(day(0.5))
        writer.setZone(schedule.zone(onDay: day(0.5)))
        writer.beginElement()
        writer.text.append(" <Audiogram")
        writer.text.plainAttribute("type", "HKDataTypeIdentifierAudiogram")
        writer.sourceAttributes(Source(name: "Mimi Hearing Test", version: "5.3.1"))
        writer.dateAttribute("creationDate", start + 400)
        writer.dateAttribute("startDate", start)
        writer.dateAttribute("endDate", start + 380)
        writer.text.append(">\n")
        let levels: [(frequency: Int, left: Int, right: Int)] = [(125, 10, 5), (250, 5, 10), (500, 5, 5), (1000, 10, 5), (2000, 10, 15), (4000, 15, 20), (8000, 20, 25)]
        for level in levels {
            writer.text.append("  <SensitivityPoint frequencyValue=\"\(level.frequency)\" frequencyUnit=\"Hz\" ")
            writer.text.append("leftEarValue=\"\(level.left)\" leftEarUnit=\"dBHL\" leftEarMasked=\"0\" ")
            writer.text.append("rightEarValue=\"\(level.right)\" rightEarUnit=\"dBHL\" rightEarMasked=\"0\"/>\n")
        }
        writer.text.append(" </Audiogram>\n")
        writer.endElement("Audiogram")
    }

    private func visionPrescription(into writer: inout ExportXMLWriter) {
        let issued = schedule.date(ofDay: day(0.7))
        writer.beginElement()
        writer.text.append(" <VisionPrescription type=\"HKVisionPrescriptionTypeGlasses\" dateIssued=\"")
        writer.text.appendCalendarDate(issued)
        writer.text.append(" 00:00:00 +0000\" expirationDate=\"")
        writer.text.appendCalendarDate(CivilDate(year: issued.year + 2, month: issued.month, day: min(issued.day, 28)))
        writer.text.append(" 00:00:00 +0000\">\n")
        for (eye, sphere, axis) in [("RightEye", "-1.25", "90"), ("LeftEye", "-1.5", "85")] {
            writer.text.append("  <\(eye) sphere=\"\(sphere)\" sphereUnit=\"D\" cylinder=\"-0.5\" cylinderUnit=\"D\" ")
            writer.text.append("axis=\"\(axis)\" axisUnit=\"deg\" farPD=\"31.5\" farPDUnit=\"mm\"/>\n")
        }
        writer.metadata("HKMetadataKeyPrescriberName", "Dr. Weiß & Co. Optik")
        writer.text.append(" </VisionPrescription>\n")
        writer.endElement("VisionPrescription")
    }

    private func stateOfMind(into writer: inout ExportXMLWriter) {
        let logged = morning(day(0.9)) + 9 * 3600
        writer.setZone(schedule.zone(onDay: day(0.9)))
        writer.beginElement()
        writer.text.append(" <StateOfMind")
        writer.sourceAttributes(Person.phone)
        writer.dateAttribute("creationDate", logged)
        writer.dateAttribute("startDate", logged)
        writer.dateAttribute("endDate", logged)
        writer.text.append(" kind=\"HKStateOfMindKindDailyMood\" valence=\"0.42\" valenceClassification=\"HKStateOfMindValenceClassificationSlightlyPleasant\">\n")
        writer.text.append("  <Label value=\"HKStateOfMindLabelCalm\"/>\n  <Association value=\"HKStateOfMindAssociationFamily\"/>\n")
        writer.text.append(" </StateOfMind>\n")
        writer.endElement("StateOfMind")
    }
}
