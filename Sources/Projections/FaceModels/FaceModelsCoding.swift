import LedgerCore

/// The stored bytes of face-models partitions.
enum FaceModelsCoding {
    static let formatVersion: UInt8 = 1

    static func encode(_ captures: [FaceCaptureRecord]) -> [UInt8] {
        var writer = BinaryWriter(capacity: captures.count * 220 + 8)
        writer.byte(formatVersion)
        writer.varint(UInt64(captures.count))
        for capture in captures {
            writer.raw(capture.id.bytes)
            writer.signed(capture.start.micros)
            writer.signed(Int64(capture.utcOffset))
            writer.varint(UInt64(capture.extractorVersion))
            if let features = capture.features {
                writer.byte(1)
                for value in features.values { writer.float64(value) }
            } else {
                writer.byte(0)
            }
        }
        return writer.bytes
    }

    static func decodeCaptures(_ bytes: [UInt8]) throws -> [FaceCaptureRecord] {
        var reader = BinaryReader(bytes)
        try reader.expectVersion(formatVersion, of: "face-models")
        var captures: [FaceCaptureRecord] = []
        for _ in 0..<(try reader.count()) {
            // Cannot fail: the reader gives exactly an id's 16 bytes or throws
            let id = EventID(bytes: try reader.raw(EventID.byteCount))!
            let start = Timestamp(micros: try reader.signed())
            let utcOffset = Int32(clamping: try reader.signed())
            let version = Int(clamping: try reader.varint())
            var features: FaceFeatures?
            if try reader.byte() == 1 {
                var values: [Double] = []
                for _ in FaceFeature.allCases { values.append(try reader.float64()) }
                // Cannot fail: every case is in allCases
                features = FaceFeatures { values[FaceFeature.allCases.firstIndex(of: $0)!] }
            }
            captures.append(FaceCaptureRecord(id: id, start: start, utcOffset: utcOffset, extractorVersion: version, features: features))
        }
        try reader.expectEnd(of: "face-models")
        return captures
    }

    static func encode(_ changes: [FaceTargetChange]) -> [UInt8] {
        var writer = BinaryWriter()
        writer.byte(formatVersion)
        writer.varint(UInt64(changes.count))
        for change in changes {
            writer.signed(change.start)
            writer.raw(change.id)
            if let targets = change.targets {
                writer.byte(1)
                writer.varint(UInt64(targets.count))
                for target in targets { writer.string(target) }
            } else {
                writer.byte(0)
            }
        }
        return writer.bytes
    }

    static func decodeTargetChanges(_ bytes: [UInt8]) throws -> [FaceTargetChange] {
        var reader = BinaryReader(bytes)
        try reader.expectVersion(formatVersion, of: "face-models")
        var changes: [FaceTargetChange] = []
        for _ in 0..<(try reader.count()) {
            let start = try reader.signed()
            let id = Array(try reader.raw(EventID.byteCount))
            var targets: [String]?
            if try reader.byte() == 1 { targets = try (0..<(try reader.count())).map { _ in try reader.string() } }
            changes.append(FaceTargetChange(start: start, id: id, targets: targets))
        }
        try reader.expectEnd(of: "face-models")
        return changes
    }
}
