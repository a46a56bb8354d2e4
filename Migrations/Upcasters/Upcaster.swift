public import LedgerCore

/// One step of a payload's evolution: reads schema `fromSchema` of `kind`, returns `fromSchema + 1`.
///
/// Stored bytes are never rewritten; readers apply the steps in order each time they read.
public protocol Upcaster: Sendable {
    var kind: EventKind { get }
    var fromSchema: Int { get }
    func upcast(_ payload: Document) throws(ValidationError) -> Document
}

/// Every upcaster, and the walk from an event's stored schema to the current one.
public enum Upcasters {
    public static let all: [any Upcaster] = [MoodRatedV1ToV2()]

    private static let byStep: [EventKind: [Int: any Upcaster]] = Dictionary(grouping: all, by: \.kind)
        .mapValues { Dictionary(uniqueKeysWithValues: $0.map { ($0.fromSchema, $0) }) }

    /// The newest schema this build knows for `kind` (1 when it has never changed).
    public static func currentSchema(of kind: EventKind) -> Int {
        (byStep[kind]?.keys.max()).map { $0 + 1 } ?? 1
    }

    /// Whether `schema` is `kind`'s current one (or newer, which `upgrade` refuses): no step
    /// applies. A table by kind code, since an audit asks for every event.
    public static func isCurrent(_ kind: EventKind, schema: Int) -> Bool { schema >= currentByCode[Int(kind.code)] }

    private static let currentByCode: [Int] = {
        var table = [Int](repeating: 1, count: 256)
        for kind in EventKind.allCases { table[Int(kind.code)] = currentSchema(of: kind) }
        return table
    }()

    /// `event` with its payload brought to the current schema of its kind.
    ///
    /// It takes the event: a reader hands over the one it decoded, which then is not
    /// copied (a copy retains each of its strings and its payload, and frees them later).
    public static func upgrade(_ event: consuming Event) throws(UpcastError) -> Event {
        var upgraded = event
        let kind = upgraded.kind, stored = upgraded.schema
        let target = currentSchema(of: kind)
        guard stored <= target else { throw .newerSchema(kind: kind, found: stored, supported: target) }
        while upgraded.schema < target {
            guard let step = byStep[kind]?[upgraded.schema] else {
                throw .missingStep(kind: kind, from: upgraded.schema)
            }
            do {
                upgraded.payload = try step.upcast(upgraded.payload)
            } catch {
                throw .invalid(kind: kind, from: upgraded.schema, error)
            }
            upgraded.schema += 1
        }
        return upgraded
    }
}

/// An event whose stored schema cannot be brought to the current one.
public enum UpcastError: Error, CustomStringConvertible {
    case newerSchema(kind: EventKind, found: Int, supported: Int)
    case missingStep(kind: EventKind, from: Int)
    case invalid(kind: EventKind, from: Int, ValidationError)

    public var description: String {
        switch self {
        case .newerSchema(let kind, let found, let supported):
            "\(kind.rawValue) schema \(found) was written by a newer HealthLedger (this one reads up to \(supported)); upgrade healthledger"
        case .missingStep(let kind, let from): "no upcaster for \(kind.rawValue) from schema \(from)"
        case .invalid(let kind, let from, let error): "\(kind.rawValue) schema \(from) payload cannot be upcast: \(error)"
        }
    }
}
