public import LedgerCore

/// A view's state, folded from events one at a time.
///
/// Folds are pure: no clock, no randomness, no dependence on dictionary order, so two
/// replays of the same log give byte-identical partitions.
public protocol ProjectionState: AnyObject {
    /// Adds one event's contribution (events of kinds the view does not use are ignored).
    func add(_ event: Event) throws
    /// Takes back exactly what `add` did for this event: corrections and retractions.
    func remove(_ event: Event) throws
    /// The partitions changed since the last call, with their new bytes (nil: now empty).
    func drainChanges() -> [(key: [UInt8], value: [UInt8]?)]
    /// Lets go of the partitions held in memory, all unchanged since `drainChanges`; they
    /// are loaded again when needed. Keeps memory flat through a long fold.
    func evict()
    /// About how many bytes the state holds in memory, to know when to `evict`, counting
    /// each changed partition at least `savedPartitionCost`: what saving it will hold.
    var residentSize: Int { get }
    /// Called when the store this state folds into holds nothing yet, so that every partition
    /// it will hold is one this state writes (a new vault, a replay): a state may then keep
    /// summaries of its own partitions that a state built by an earlier version lacks.
    func startsFromNothing()
}

extension ProjectionState {
    public func startsFromNothing() {}
}

/// A kind of view: its name, its algorithm version and how to make and compare states.
public protocol ProjectionKind {
    associatedtype State: ProjectionState
    static var name: String { get }
    /// Bump when the algorithm changes: vaults then ask for `healthledger replay NAME`.
    static var version: Int { get }
    /// A state that fetches partitions it has not seen yet through `load`.
    static func makeState(load: @escaping ([UInt8]) throws -> [UInt8]?) throws -> State
    /// Readable lines on how `new` differs from `old` in the partitions `keys`.
    static func describeChanges(from old: State, to new: State, keys: [[UInt8]]) throws -> [String]
    /// The kinds of the events that make the view's settings (the rating scale, source
    /// priorities), so that its settings can be read as of an earlier time from those events
    /// alone; nil when the view does not say.
    static var settingKinds: Set<EventKind>? { get }
    /// Whether the view knows each local day from the events counting on that day, its
    /// settings and the events of `kindsOfEveryDay` alone, so that a few days can be read as
    /// of an earlier time from those events; false for a view whose days depend on others
    /// (a model trained on every day). A reader that computes over a window of days (a
    /// budget over six weeks) asks for the window.
    static var daysStandAlone: Bool { get }
    /// Kinds whose events count on days other than their own, read whatever their day when a
    /// few days are folded: a medication's definition lists on every day, an activity's
    /// start is paired with a stop days later.
    static var kindsOfEveryDay: Set<EventKind> { get }
}

extension ProjectionKind {
    public static var settingKinds: Set<EventKind>? { nil }
    public static var daysStandAlone: Bool { false }
    public static var kindsOfEveryDay: Set<EventKind> { [] }
}

/// What part of a view a reader needs right, which is all a view read as of an earlier time
/// folds when the view allows it (`ProjectionKind.settingKinds`, `daysStandAlone`).
public enum ViewPart: Sendable {
    case whole
    /// Its settings and these days.
    case days(ClosedRange<LocalDay>)
    /// Its settings alone.
    case settings
}

/// A projection the vault holds at another version than this build computes.
public struct ProjectionVersionError: Error, CustomStringConvertible {
    public let name: String
    public let stored: Int
    public let current: Int

    public var description: String {
        "the vault's \(name) view was computed by algorithm v\(stored) and this healthledger computes v\(current): run `healthledger replay \(name)` (it shows what changes), or pass --auto-replay"
    }
}

/// What saving one changed partition holds until its transaction commits, at least: LMDB
/// copies every page it changes, and the store's keys are keyed hashes, so each partition
/// lands on a page of its own. Counted in `residentSize`, it bounds a save by what it
/// writes as well as by what the fold holds, which a long import's saves otherwise outgrow
/// (docs/performance.md, `savedPartitionCost`).
let savedPartitionCost = 4_096
