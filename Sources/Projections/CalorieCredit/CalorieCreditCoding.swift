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

    static func encode(_ changes: [CalorieSettingChange], defaultAlgorithm: Int, dayRange: ClosedRange<Int64>?) -> [UInt8] {
        var writer = BinaryWriter()
        writer.byte(formatVersion)
        writer.byte(UInt8(defaultAlgorithm))
        if let dayRange {
            writer.byte(1)
            writer.signed(dayRange.lowerBound)
            writer.signed(dayRange.upperBound)
        } else {
            writer.byte(0)
        }
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

    static func decodeSettings(_ bytes: [UInt8]) throws -> (defaultAlgorithm: Int, dayRange: ClosedRange<Int64>?, changes: [CalorieSettingChange]) {
        var reader = BinaryReader(bytes)
        try reader.expectVersion(formatVersion, of: "calorie-credit")
        let defaultAlgorithm = Int(try reader.byte())
        var dayRange: ClosedRange<Int64>?
        if try reader.byte() == 1 {
            let first = try reader.signed(), last = try reader.signed()
            guard first <= last else { throw DecodingError.malformed("calorie-credit day range is reversed", at: reader.offset) }
            dayRange = first...last
        }
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
        return (defaultAlgorithm, dayRange, changes)
    }
}
