import LedgerCore

/// What the `name,value` lines above an ECG's voltages say.
///
/// English exports are read by name (`Recorded Date`, `Classification`, `Symptoms`, `Software
/// Version`, `Device`, `Sample Rate`, `Average Heart Rate`, `Lead`, `Unit`). Localised exports
/// name the lines in their language (`Aufzeichnungsdatum`, `Messrate`…), so a line with any other
/// name is recognised by its value instead: the recorded date is the first date and time with a
/// UTC offset; after it, a number with `hertz` or `Hz` is the sample rate, `µV` or `mV` the unit
/// (the line before it the lead), a `Watch` model such as `Watch6,2` the device and a version
/// such as `1.90` the software version; the first two lines left between the recorded date and
/// the sample rate are the classification and the symptoms, the order Apple writes them in.
/// `Name` and `Date of Birth` are not kept: the export's profile carries the birth date, and a
/// person's name is no part of their health record.
struct ElectrocardiogramHeader {
    /// One header line, split at its first comma; the value is unquoted.
    struct Line {
        let number: Int
        let name: String
        let value: String
    }

    private(set) var recorded: (timestamp: Timestamp, utcOffset: Int32)?
    private(set) var sampleRate: Double?
    private(set) var classification: String?
    private(set) var symptoms: String?
    private(set) var softwareVersion: String?
    private(set) var device: String?
    private(set) var lead: String?
    private(set) var averageHeartRate: Double?
    /// Microvolts per unit the voltages are written in: 1 for µV, 1000 for mV.
    private(set) var microvoltsPerUnit = 1.0

    init(_ lines: [Line], file: String) throws(AttachmentError) {
        var recordedLine: Int?
        var unnamed: [Line] = []
        for line in lines {
            switch line.name.lowercased() {
            case "recorded date":
                recorded = try Self.require(
                    Self.recordedTime(line.value), line, file, "a date and time with its offset, like 2023-05-01 08:12:44 +0200")
                recordedLine = line.number
            case "sample rate": sampleRate = try Self.require(Self.rate(line.value), line, file, "a rate like 512 hertz")
            case "unit": microvoltsPerUnit = try Self.require(Self.microvolts(line.value), line, file, "µV or mV")
            case "average heart rate":
                averageHeartRate = try Self.require(Self.beatsPerMinute(line.value), line, file, "a rate like 64 bpm")
            case "classification": classification = line.value
            case "symptoms": symptoms = line.value
            case "software version": softwareVersion = line.value
            case "device": device = line.value
            case "lead": lead = line.value
            case "name", "date of birth": break
            default: unnamed.append(line)
            }
        }
        if recordedLine == nil, let line = unnamed.first(where: { Self.recordedTime($0.value) != nil }) {
            recorded = Self.recordedTime(line.value)
            recordedLine = line.number
        }
        // Lines above the recorded date are the name and birth date, whatever their language.
        if let recordedLine { placeByValue(unnamed.filter { $0.number > recordedLine }) }
    }

    /// Places the lines of a localised header that follow its recorded date by what they hold;
    /// see the type's description.
    private mutating func placeByValue(_ lines: [Line]) {
        var unplaced: [Line] = []
        var sampleRateLine: Int?
        for line in lines {
            if sampleRate == nil, let rate = Self.rate(line.value) {
                sampleRate = rate
                sampleRateLine = line.number
            } else if let scale = Self.microvolts(line.value) {
                microvoltsPerUnit = scale
                // Apple writes the lead on the line just above the unit.
                if lead == nil, let previous = unplaced.last, previous.number > (sampleRateLine ?? 0) { lead = unplaced.removeLast().value }
            } else if device == nil, Self.isWatchModel(line.value) {
                device = line.value
            } else if softwareVersion == nil, Self.isVersion(line.value) {
                softwareVersion = line.value
            } else {
                unplaced.append(line)
            }
        }
        var described = unplaced.filter { $0.number < (sampleRateLine ?? Int.max) }.makeIterator()
        if classification == nil { classification = described.next()?.value }
        if symptoms == nil { symptoms = described.next()?.value }
    }

    private static func require<Value>(_ value: Value?, _ line: Line, _ file: String, _ expected: String) throws(AttachmentError) -> Value {
        guard let value else { throw .invalidValue(file: file, line: line.number, name: line.name, value: line.value, expected: expected) }
        return value
    }
}
