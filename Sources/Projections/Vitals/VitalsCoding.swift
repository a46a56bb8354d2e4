import LedgerCore

/// The stored bytes of the vitals view's partitions.
enum VitalsCoding {
    static let formatVersion: UInt8 = 1

    static func encode(_ reading: VitalReading) -> [UInt8] {
        var writer = BinaryWriter()
        writer.byte(formatVersion)
        writer.raw(reading.id.bytes)
        writer.signed(reading.start.micros)
        writer.signed(Int64(reading.utcOffset))
        writer.string(reading.signal.rawValue)
        optional(reading.session, &writer)
        writer.varint(UInt64(reading.algorithm))
        writer.float64(reading.seconds)
        writer.float64(reading.estimate.rate ?? .nan)
        writer.float64(reading.estimate.quality ?? .nan)
        if let reason = reading.estimate.unreliable {
            writer.byte(1)
            writer.string(reason.code)
            writer.varint(UInt64(reason.numbers.count))
            for number in reason.numbers { writer.float64(number) }
        } else {
            writer.byte(0)
        }
        return writer.bytes
    }

    static func decodeReading(_ bytes: [UInt8]) throws -> VitalReading {
        var reader = BinaryReader(bytes)
        try reader.expectVersion(formatVersion, of: "vitals")
        // Cannot fail: the reader gives exactly an id's 16 bytes or throws
        let id = EventID(bytes: try reader.raw(16))!
        let start = Timestamp(micros: try reader.signed())
        let offset = Int32(clamping: try reader.signed())
        let signalName = try reader.string()
        guard let signal = VitalSignal(rawValue: signalName) else { throw DecodingError.malformed("vitals signal \(signalName) is unknown; rebuild the projection", at: reader.offset) }
        let session = try optionalString(&reader)
        let algorithm = Int(try reader.varint())
        let seconds = try reader.float64()
        let rate = try reader.float64(), quality = try reader.float64()
        var reason: UnreliableReason?
        if try reader.byte() == 1 {
            let code = try reader.string()
            let numbers = try (0..<reader.count()).map { _ in try reader.float64() }
            guard let known = UnreliableReason(code: code, numbers: numbers) else { throw DecodingError.malformed("vitals reason \(code) is unknown; rebuild the projection", at: reader.offset) }
            reason = known
        }
        try reader.expectEnd(of: "vitals")
        let estimate = VitalEstimate(rate: rate.isNaN ? nil : rate, quality: quality.isNaN ? nil : quality, unreliable: reason)
        return VitalReading(id: id, start: start, utcOffset: offset, signal: signal, session: session, algorithm: algorithm, estimate: estimate, seconds: seconds)
    }

    static func encode(_ session: VitalsSession) -> [UInt8] {
        var writer = BinaryWriter()
        writer.byte(formatVersion)
        writer.string(session.id)
        writer.signed(session.start?.micros ?? .min)
        writer.signed(Int64(session.utcOffset))
        writer.signed(session.end?.micros ?? .min)
        optional(session.note, &writer)
        writer.varint(UInt64(session.symptoms.count))
        for symptom in session.symptoms {
            writer.raw(symptom.id.bytes)
            writer.signed(symptom.start.micros)
            writer.string(symptom.name)
            writer.byte(UInt8(symptom.severity.rawValue))
            optional(symptom.note, &writer)
        }
        writer.varint(UInt64(session.readingKeys.count))
        for key in session.readingKeys { writer.lengthPrefixed(key) }
        return writer.bytes
    }

    static func decodeSession(_ bytes: [UInt8]) throws -> VitalsSession {
        var reader = BinaryReader(bytes)
        try reader.expectVersion(formatVersion, of: "vitals")
        var session = VitalsSession(id: try reader.string())
        let start = try reader.signed()
        session.start = start == .min ? nil : Timestamp(micros: start)
        session.utcOffset = Int32(clamping: try reader.signed())
        let end = try reader.signed()
        session.end = end == .min ? nil : Timestamp(micros: end)
        session.note = try optionalString(&reader)
        for _ in 0..<(try reader.count()) {
            // Cannot fail: the reader gives exactly an id's 16 bytes or throws
            let id = EventID(bytes: try reader.raw(16))!
            let start = Timestamp(micros: try reader.signed())
            let name = try reader.string()
            let level = try reader.byte()
            guard let severity = SymptomSeverity(rawValue: Int(level)) else { throw DecodingError.malformed("vitals severity \(level) is unknown", at: reader.offset) }
            session.symptoms.append(SessionSymptom(id: id, start: start, name: name, severity: severity, note: try optionalString(&reader)))
        }
        session.readingKeys = try (0..<reader.count()).map { _ in Array(try reader.lengthPrefixed()) }
        try reader.expectEnd(of: "vitals")
        return session
    }

    /// The index: every reading key and every session id.
    static func encode(readingKeys: [[UInt8]], sessionIDs: [String]) -> [UInt8] {
        var writer = BinaryWriter()
        writer.byte(formatVersion)
        writer.varint(UInt64(readingKeys.count))
        for key in readingKeys { writer.lengthPrefixed(key) }
        writer.varint(UInt64(sessionIDs.count))
        for id in sessionIDs { writer.string(id) }
        return writer.bytes
    }

    static func decodeIndex(_ bytes: [UInt8]) throws -> (readingKeys: [[UInt8]], sessionIDs: [String]) {
        var reader = BinaryReader(bytes)
        try reader.expectVersion(formatVersion, of: "vitals")
        let keys = try (0..<reader.count()).map { _ in Array(try reader.lengthPrefixed()) }
        let ids = try (0..<reader.count()).map { _ in try reader.string() }
        try reader.expectEnd(of: "vitals")
        return (keys, ids)
    }

    private static func optional(_ text: String?, _ writer: inout BinaryWriter) {
        writer.byte(text == nil ? 0 : 1)
        if let text { writer.string(text) }
    }

    private static func optionalString(_ reader: inout BinaryReader) throws -> String? {
        try reader.byte() == 1 ? try reader.string() : nil
    }
}
