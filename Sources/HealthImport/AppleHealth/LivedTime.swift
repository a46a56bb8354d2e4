import LedgerCore

/// The offset and zone an exported sample was lived at.
///
/// Apple writes every date of an export at the offset in force when the export was made,
/// so a summer evening exported in winter reads an hour early. The instant is right; the
/// offset is not. A record that names its zone (`HKTimeZone`) takes that zone's offset at
/// its instant; the others take the person's home zone (`--zone`) where one is given, and
/// the export's offset otherwise.
/// One per import, shared by the readers of records and of other elements.
final class LivedTime {
    /// How a sample's offset was found, for the import summary.
    enum Rule: String, CaseIterable {
        case namedZone = "the zone the record names (HKTimeZone)"
        case homeZone = "the home zone given with --zone"
        case exportOffset = "the offset the export was written at"
    }

    let homeZone: String?
    private var offsets = ZoneOffsets()
    private(set) var counts: [Rule: Int] = [:]
    /// `HKTimeZone` values that name no zone this system knows, for the summary's notes.
    private(set) var unknownZones: [String: Int] = [:]

    init(homeZone: String?) { self.homeZone = homeZone }

    /// The offset and zone for a sample at `instant` that the export dated at `exportOffset`.
    func place(_ instant: Timestamp, exportOffset: Int32, named: String?) -> (utcOffset: Int32, zone: String?) {
        if let named, !named.isEmpty {
            if let offset = offsets.offset(named, at: instant) {
                counts[.namedZone, default: 0] += 1
                return (offset, named)
            }
            unknownZones[named, default: 0] += 1
        }
        if let homeZone, let offset = offsets.offset(homeZone, at: instant) {
            counts[.homeZone, default: 0] += 1
            return (offset, homeZone)
        }
        counts[.exportOffset, default: 0] += 1
        return (exportOffset, nil)
    }
}
