import LedgerCore

/// The events for elements other than Records: correlations, workouts, activity
/// summaries, the Me profile, clinical records, audiograms, vision prescriptions, and any
/// element this importer does not know, kept whole as a generic event.
struct ElementEvents {
    let identity: ImportIdentity
    let attachments: ExportArchive
    let lived: LivedTime
    /// When the export was made, and the phone's offset then: the time of undated elements.
    var exportDate: (timestamp: Timestamp, utcOffset: Int32) = (Timestamp(micros: 0), 0)
    /// What went wrong with parts of an element that was still stored (a missing route file).
    var notes: [String] = []
    private var colliding = CollidingIDs()
    /// The route files workouts named, as paths inside the export (no leading slash).
    var namedRoutes: Set<String> = []

    init(identity: ImportIdentity, attachments: ExportArchive, lived: LivedTime) {
        self.identity = identity
        self.attachments = attachments
        self.lived = lived
    }

    mutating func events(_ element: CapturedElement) throws(RecordProblem) -> [Event] {
        var event: Event
        switch element.name {
        case "Correlation": event = try correlation(element)
        case "Workout": event = try workout(element)
        case "ActivitySummary": event = try activitySummary(element)
        case "Me": event = profile(element)
        case "ClinicalRecord": event = clinicalRecord(element)
        case "Audiogram": event = try audiogram(element)
        case "VisionPrescription": event = visionPrescription(element)
        default: event = generic(element)
        }
        if colliding.needsOwnID(event.id, content: element.contentHash) { event.id = contentID(element) }
        return [event]
    }

    /// The id hashes the element's name and every attribute in a fixed order; the device's
    /// memory address, which changes between exports, is left out.
    func id(_ element: CapturedElement) -> EventID {
        var canonical = CanonicalBytes(UInt8(ascii: "E"))
        canonical.append(element.name)
        for key in element.attributes.keys.sorted() {
            canonical.append(key)
            // Cannot fail: the key is one of the attributes' own
            canonical.append(key == "device" ? DeviceText.normalized(element.attributes[key]!) : element.attributes[key])
        }
        return identity.id(canonical.bytes)
    }

    /// The id of an element whose attributes an earlier element of the export shared while
    /// its children differ (`CollidingIDs`): the attributes, then every child in order.
    func contentID(_ element: CapturedElement) -> EventID {
        var canonical = CanonicalBytes(UInt8(ascii: "C"))
        canonical.append(id(element).description)
        for child in element.flattenedChildren() {
            canonical.append(child.element)
            canonical.append(Int64(child.depth))
            for key in child.attributes.keys.sorted() {
                canonical.append(key)
                // Cannot fail: the key is one of the attributes' own
                canonical.append(key == "device" ? DeviceText.normalized(child.attributes[key]!) : child.attributes[key])
            }
        }
        return identity.id(canonical.bytes)
    }

    func source(_ element: CapturedElement) -> Source {
        Source(name: Self.sourceName(element), device: element["device"].map(DeviceText.normalized), version: element["sourceVersion"])
    }

    /// The profile and the activity rings come from Health itself and name no source.
    static func sourceName(_ element: CapturedElement) -> String {
        if let name = element["sourceName"], !name.isEmpty { return name }
        return element.name == "Me" || element.name == "ActivitySummary" ? exportSource : RecordEvents.unknownSource
    }

    static let exportSource = "Apple Health export"

    /// The element's own start, else the export's date.
    func when(_ element: CapturedElement, _ attribute: String = "startDate") -> (timestamp: Timestamp, utcOffset: Int32) {
        element.date(attribute) ?? exportDate
    }

    /// The element's event, at the offset it was lived at (`LivedTime`) unless `calendarDay`:
    /// an activity summary's or the profile's time stands for a day or for the export itself.
    func event<P: EventPayload>(
        _ payload: P, _ element: CapturedElement, at time: (timestamp: Timestamp, utcOffset: Int32)? = nil, calendarDay: Bool = false
    ) -> Event {
        let (start, exportOffset) = time ?? when(element)
        let end = element.date("endDate").map { max($0.timestamp, start) }
        let (utcOffset, zone) = calendarDay ? (exportOffset, nil) : lived.place(start, exportOffset: exportOffset, named: element.metadata["HKTimeZone"])
        return Event(payload, id: id(element), start: start, end: end, utcOffset: utcOffset, zone: zone, source: source(element))
    }

    private func correlation(_ element: CapturedElement) throws(RecordProblem) -> Event {
        // The samples inside also appear as top-level Records, which are stored on their
        // own; the correlation keeps only what groups them.
        let samples = element.children(named: "Record").compactMap { record -> CorrelatedSample? in
            guard let type = record["type"], let value = record.number("value") else { return nil }
            return CorrelatedSample(type: type, value: value, unit: record["unit"] ?? DefaultUnit.for(type))
        }
        guard let type = element["type"] else { throw RecordProblem(reason: "a Correlation without a type") }
        guard !samples.isEmpty else { throw RecordProblem(reason: "a Correlation without readable samples") }
        return event(CorrelationRecorded(type: type, samples: samples, metadata: element.metadata), element)
    }

    private func activitySummary(_ element: CapturedElement) throws(RecordProblem) -> Event {
        guard let date = element["dateComponents"], let days = ISO8601.days(date) else {
            throw RecordProblem(reason: "an ActivitySummary without a date")
        }
        // Summaries are calendar days: midnight at the offset the export was made in.
        let offset = exportDate.utcOffset
        let start = Timestamp(micros: (days * 86_400 - Int64(offset)) * 1_000_000)
        let energyFactor = element["activeEnergyBurnedUnit"]?.lowercased() == "kj" ? 1 / 4.184 : 1
        let summary = ActivitySummaryRecorded(
            date: date,
            activeEnergyBurned: element.number("activeEnergyBurned").map { $0 * energyFactor },
            activeEnergyBurnedGoal: element.number("activeEnergyBurnedGoal").map { $0 * energyFactor },
            moveMinutes: element.number("appleMoveTime"), moveMinutesGoal: element.number("appleMoveTimeGoal"),
            exerciseMinutes: element.number("appleExerciseTime"), exerciseMinutesGoal: element.number("appleExerciseTimeGoal"),
            standHours: element.number("appleStandHours"), standHoursGoal: element.number("appleStandHoursGoal"))
        return event(summary, element, at: (start, offset), calendarDay: true)
    }

    private func profile(_ element: CapturedElement) -> Event {
        func characteristic(_ name: String) -> String? {
            element["HKCharacteristicTypeIdentifier" + name].flatMap { $0.isEmpty ? nil : $0 }
        }
        let profile = ProfileRecorded(
            dateOfBirth: characteristic("DateOfBirth").flatMap { ISO8601.days($0) != nil ? $0 : nil },
            biologicalSex: characteristic("BiologicalSex"), bloodType: characteristic("BloodType"),
            fitzpatrickSkinType: characteristic("FitzpatrickSkinType"),
            cardioFitnessMedicationsUse: characteristic("CardioFitnessMedicationsUse"))
        return event(profile, element, at: exportDate, calendarDay: true)
    }

    private mutating func clinicalRecord(_ element: CapturedElement) -> Event {
        var resource: String?
        if let path = element["resourceFilePath"] {
            do {
                resource = try attachments.attachment(path).map { String(decoding: $0, as: UTF8.self) }
            } catch {
                notes.append("clinical record's resource \(error): record stored without it")
            }
        }
        let record = ClinicalRecordRecorded(
            type: element["type"] ?? "", identifier: element["identifier"] ?? "", sourceURL: element["sourceURL"],
            fhirVersion: element["fhirVersion"] ?? "", resourceFilePath: element["resourceFilePath"] ?? "", resource: resource)
        return event(record, element, at: when(element, "receivedDate"))
    }

    private func visionPrescription(_ element: CapturedElement) -> Event {
        let prescription = VisionPrescriptionRecorded(
            type: element["type"] ?? "", dateIssued: element["dateIssued"] ?? "", expirationDate: element["expirationDate"],
            brand: element["brand"], rightEye: element.children(named: "RightEye").first?.attributes ?? [:],
            leftEye: element.children(named: "LeftEye").first?.attributes ?? [:],
            attachments: element.children(named: "Attachment").compactMap { $0["identifier"] }, metadata: element.metadata)
        return event(prescription, element, at: when(element, "dateIssued"))
    }

    func generic(_ element: CapturedElement) -> Event {
        let time = ["startDate", "date", "creationDate", "receivedDate", "dateIssued"].lazy.compactMap { element.date($0) }.first
        return event(
            ExportElementRecorded(element: element.name, attributes: element.attributes, children: element.flattenedChildren()),
            element, at: time ?? exportDate)
    }
}

extension CapturedElement {
    /// The children's names and attributes, hashed for `CollidingIDs`; a device's memory
    /// address is left out as it is from the id.
    var contentHash: Int {
        var hasher = Hasher()
        for child in flattenedChildren() {
            hasher.combine(child.element)
            hasher.combine(child.depth)
            var attributes = child.attributes
            if let device = attributes["device"] { attributes["device"] = DeviceText.normalized(device) }
            hasher.combine(attributes)
        }
        return hasher.finalize()
    }

    /// Children in document order with their depth, as the generic event stores them.
    func flattenedChildren(depth: Int = 1) -> [ExportElementChild] {
        children.flatMap { child in
            [ExportElementChild(element: child.name, depth: depth, attributes: child.attributes)] + child.flattenedChildren(depth: depth + 1)
        }
    }
}
