import LedgerCore

/// What the verifying read of a bundle remembers of its `events.jsonl`, so that the storing
/// read stores only what was verified, and can tell the bundle's own events from others.
///
/// The storing read decrypts the file again, and a file (a FIFO, one being rewritten) may
/// give other bytes the second time; its signature is known only at its end. So each group
/// of `groupSize` lines is hashed here, and the storing read stores a group only once its
/// hash is the same: 32 bytes per 10,000 lines, whatever the bundle's size.
struct BundleFirstRead {
    static let groupSize = 10_000

    /// SHA-256 of each whole group of lines, in order.
    private(set) var groupDigests: [[UInt8]] = []
    /// The events corrected or retracted by the bundle's own amendments.
    private(set) var amendedTargets: Set<EventID> = []
    private var group = LineGroupHash()
    private var lines = 0

    mutating func take(_ line: [UInt8]) {
        lines += 1
        group.add(line)
        if lines % Self.groupSize == 0 { groupDigests.append(group.finish()) }
        // Only an amendment's line holds its kind's name; any other line is not parsed here.
        guard Self.mayBeAmendment(line) else { return }
        guard let event = try? EventJSON.event(from: JSONParser.parseObject(String(decoding: line, as: UTF8.self)), zone: .fixed(0)) else { return }
        switch event.kind {
        case .eventCorrected: if let target = try? event.decode(EventCorrected.self).target { amendedTargets.insert(target) }
        case .eventRetracted: if let target = try? event.decode(EventRetracted.self).target { amendedTargets.insert(target) }
        default: break
        }
    }

    /// A line naming either amendment kind. One that spells the name with escapes is missed
    /// here, and its target then counts as one the bundle did not bring: refused, not taken.
    static func mayBeAmendment(_ line: [UInt8]) -> Bool {
        // Both names start `event.`; most lines hold neither, and fail at its first byte.
        let prefix = Array("event.".utf8)
        let endings = [EventKind.eventCorrected, .eventRetracted].map { Array($0.rawValue.utf8.dropFirst(prefix.count)) }
        var start = line.startIndex
        while let found = line[start...].firstIndex(of: prefix[0]) {
            let rest = line[found...]
            if rest.starts(with: prefix), endings.contains(where: { rest.dropFirst(prefix.count).starts(with: $0) }) { return true }
            start = found + 1
        }
        return false
    }
}

/// SHA-256 over a group of lines, each with its length first so that lines cannot be
/// regrouped into the same bytes.
struct LineGroupHash {
    private var hash = SHA256Stream()

    mutating func add(_ line: [UInt8]) {
        withUnsafeBytes(of: UInt64(line.count).littleEndian) { hash.update($0) }
        line.withUnsafeBytes { hash.update($0) }
    }

    /// The group's digest; the next line starts a new group.
    mutating func finish() -> [UInt8] {
        defer { hash = SHA256Stream() }
        return hash.finish()
    }
}
