import LedgerCore

/// The stored form of the priority history.
extension SourcePriority {
    static let formatVersion: UInt8 = 1

    func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.byte(Self.formatVersion)
        writer.varint(UInt64(changes.count))
        for change in changes {
            writer.signed(change.day)
            writer.signed(change.start)
            writer.signed(Int64(bitPattern: change.idHigh))
            writer.signed(Int64(bitPattern: change.idLow))
            if let names = change.names {
                writer.byte(1)
                writer.varint(UInt64(names.count))
                for name in names { writer.string(name) }
            } else {
                writer.byte(0)
            }
        }
        return writer.bytes
    }

    init(decoding bytes: [UInt8]) throws(DecodingError) {
        var reader = BinaryReader(bytes)
        let version = try reader.byte()
        guard version == Self.formatVersion else {
            throw .malformed("daily metrics settings format \(version) is unknown (this build reads \(Self.formatVersion)); rebuild the projection", at: 0)
        }
        var changes: [Change] = []
        for _ in 0..<(try reader.count()) {
            let day = try reader.signed()
            let start = try reader.signed()
            let high = UInt64(bitPattern: try reader.signed())
            let low = UInt64(bitPattern: try reader.signed())
            var names: [String]?
            switch try reader.byte() {
            case 0: names = nil
            case 1:
                var list: [String] = []
                for _ in 0..<(try reader.count()) { list.append(try reader.string()) }
                names = list
            default: throw .malformed("daily metrics settings flag is neither 0 nor 1", at: reader.offset - 1)
            }
            changes.append(Change(day: day, start: start, idHigh: high, idLow: low, names: names))
        }
        guard reader.isAtEnd else { throw .malformed("daily metrics settings have trailing bytes", at: reader.offset) }
        self.init(changes: changes)
    }
}
