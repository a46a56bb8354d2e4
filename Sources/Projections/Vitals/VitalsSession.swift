public import LedgerCore

/// One sitting of the companion app: a heart-rate and a breathing measurement and the
/// symptoms felt, grouped by a session id.
///
/// A session starts with an `activity.started` event named `Vitals session` (its id, in hex,
/// is the session id) and ends with the matching `activity.stopped`; measurements and
/// symptoms join it through their `session` field.
public struct VitalsSession: Hashable, Sendable {
    public static let activityName = "Vitals session"

    public let id: String
    /// From the start event; nil while only members are known.
    public internal(set) var start: Timestamp?
    public internal(set) var utcOffset: Int32 = 0
    public internal(set) var end: Timestamp?
    public internal(set) var note: String?
    public internal(set) var symptoms: [SessionSymptom] = []
    /// Keys of the member readings, in time order.
    var readingKeys: [[UInt8]] = []

    init(id: String) { self.id = id }

    /// A session nothing refers to any more.
    var isEmpty: Bool { start == nil && symptoms.isEmpty && readingKeys.isEmpty }

    public var isOpen: Bool { start != nil && end == nil }

    /// The first 8 characters: what history prints and what commands accept.
    public var shortID: String { String(id.prefix(8)) }
}

/// A symptom reported within a session.
public struct SessionSymptom: Hashable, Sendable {
    public let id: EventID
    public let start: Timestamp
    public let name: String
    public let severity: SymptomSeverity
    public let note: String?
}
