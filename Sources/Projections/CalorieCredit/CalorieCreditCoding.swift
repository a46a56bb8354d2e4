import LedgerCore

/// The stored bytes of calorie-credit partitions.
enum CalorieCreditCoding {
    static let formatVersion: UInt8 = 1

    static func encode(_ entries: [IntakeEntry]) -> [UInt8] {
        var writer = BinaryWriter()
        writer.byte(formatVersion)
        writer.varint(UInt64(entries.count))
        for entry in entries {
            writer.raw(entry.id)
            writer.byte(entry.field.rawValue)
            writer.float64(entry.value)
        }
        return writer.bytes
    }

    static func decodeDay(_ bytes: [UInt8]) throws -> [IntakeEntry] {
        var reader = BinaryReader(bytes)
        try reader.expectVersion(formatVersion, of: "calorie-credit")
        var entries: [IntakeEntry] = []
        for _ in 0..<(try reader.count()) {
            let id = Array(try reader.raw(16))
            let raw = try reader.byte()
            guard let field = IntakeEntry.Field(rawValue: raw) else {
                throw DecodingError.malformed("calorie-credit field \(raw) is unknown; rebuild the projection", at: reader.offset - 1)
            }
            entries.append(IntakeEntry(id: id, field: field, value: try reader.float64()))
        }
        try reader.expectEnd(of: "calorie-credit")
        return entries
    }

    /// The settings partition's format: 2 keeps the days holding inputs, where 1 kept only
    /// the first and last day ever seen (still read, for a replay's comparison).
    static let settingsFormatVersion: UInt8 = 2

    static func encode(_ changes: [CalorieSettingChange], defaultAlgorithm: Int, daysWithInputs: DaysWithInputs) -> [UInt8] {
        var writer = BinaryWriter()
        writer.byte(settingsFormatVersion)
        writer.byte(UInt8(defaultAlgorithm))
        daysWithInputs.write(to: &writer)
        writer.varint(UInt64(changes.count))
        for change in changes {
            writer.signed(change.start)
            writer.raw(change.id)
            writer.signed(change.day)
            writer.string(change.key)
            if let value = change.value {
                writer.byte(1)
                writer.string(value)
            } else {
                writer.byte(0)
            }
        }
        return writer.bytes
    }

    static func decodeSettings(_ bytes: [UInt8]) throws -> (defaultAlgorithm: Int, daysWithInputs: DaysWithInputs, changes: [CalorieSettingChange]) {
        var reader = BinaryReader(bytes)
        let version = try reader.byte()
        guard version == formatVersion || version == settingsFormatVersion else {
            throw DecodingError.malformed("calorie-credit settings format \(version) is unknown (this build reads \(settingsFormatVersion)); rebuild the projection", at: 0)
        }
        let defaultAlgorithm = Int(try reader.byte())
        let daysWithInputs = version == settingsFormatVersion ? try DaysWithInputs(reading: &reader) : DaysWithInputs(spanning: try dayRangeOfFormatOne(&reader))
        var changes: [CalorieSettingChange] = []
        for _ in 0..<(try reader.count()) {
            let start = try reader.signed()
            let id = Array(try reader.raw(16))
            let day = try reader.signed()
            let key = try reader.string()
            let value = try reader.byte() == 1 ? try reader.string() : nil
            changes.append(CalorieSettingChange(start: start, id: id, day: day, key: key, value: value))
        }
        try reader.expectEnd(of: "calorie-credit")
        return (defaultAlgorithm, daysWithInputs, changes)
    }

    /// The first and last day with inputs, as format 1 kept them.
    private static func dayRangeOfFormatOne(_ reader: inout BinaryReader) throws -> ClosedRange<Int64>? {
        guard try reader.byte() == 1 else { return nil }
        let first = try reader.signed(), last = try reader.signed()
        guard first <= last else { throw DecodingError.malformed("calorie-credit day range is reversed", at: reader.offset) }
        return first...last
    }
}
