public import LedgerCore
import LedgerStore
import Projections

/// Which events a bundle takes: a range of local days, some kinds, faces only when asked.
///
/// Settings are always taken, whatever the range and kinds, because the views the
/// receiver rebuilds from `events.jsonl` depend on the settings in force; definitions
/// (medications, activities) are taken whatever the range, since doses and sessions in
/// the range name them. A correction or retraction goes with the event it amends.
public struct BundleSelection: Sendable {
    public var from: LocalDay?
    public var to: LocalDay?
    /// nil: every kind.
    public var kinds: Set<EventKind>?
    public var includeFaces: Bool

    public init(from: LocalDay? = nil, to: LocalDay? = nil, kinds: Set<EventKind>? = nil, includeFaces: Bool = false) {
        self.from = from
        self.to = to
        self.kinds = kinds
        self.includeFaces = includeFaces
    }

    /// Kinds by name (`mood.rated`) or by their first word (`mood`), as `append` takes them.
    public static func kinds(named names: [String]) throws(BundleError) -> Set<EventKind> {
        var kinds: Set<EventKind> = []
        for name in names.flatMap({ $0.split(separator: ",").map(String.init) }) {
            let matching = EventKind.allCases.filter { $0.rawValue == name || $0.rawValue.hasPrefix(name + ".") }
            guard !matching.isEmpty else {
                throw BundleError(.invalidRequest, "--kinds \(name) is not a kind; `healthledger kinds` lists them")
            }
            kinds.formUnion(matching)
        }
        return kinds
    }

    /// The kinds taken whatever the range (see above).
    static let kindsTakenWhateverTheDay: Set<EventKind> = [.settingChanged, .medicationDefined, .activityDefined]

    /// Whether the views (daily CSVs, report) belong in the bundle: they summarise every
    /// kind, so a bundle restricted to some kinds leaves them out rather than leak the rest.
    public var includesViews: Bool { kinds == nil }

    func includes(_ event: Event, ledger: Ledger) throws -> Bool {
        switch event.kind {
        case .settingChanged: return true
        // This vault's plumbing (the listener's tokens, which device or folder delivered):
        // meaningless in another vault, and the token hashes and folder paths nobody else's business.
        case .ingestTokenAdded, .ingestTokenRevoked, .deliveryReceived: return false
        case .faceCaptured: return includeFaces && inRange(event) && allows(.faceCaptured)
        case .medicationDefined, .activityDefined: return allows(event.kind)
        case .eventCorrected, .eventRetracted:
            guard inRange(event) else { return false }
            guard let target = try event.payload.optionalString("target").flatMap(EventID.init(hex:)),
                  let original = try ledger.event(id: target)?.event
            else { return kinds == nil }
            return try includes(original, ledger: ledger)
        default: return inRange(event) && allows(event.kind)
        }
    }

    func inRange(_ event: Event) -> Bool {
        let day = LocalDay(event.start, utcOffset: event.utcOffset)
        return from.map { day >= $0 } ?? true && to.map { day <= $0 } ?? true
    }

    private func allows(_ kind: EventKind) -> Bool { kinds?.contains(kind) ?? true }
}
