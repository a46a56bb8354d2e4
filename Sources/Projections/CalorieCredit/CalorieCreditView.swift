public import LedgerCore

/// The calorie budget as a projection: one partition per local day holding what each
/// event contributed, one for the settings history.
public enum CalorieCreditView: ProjectionKind {
    public static let name = "calorie-credit"
    /// The stored inputs are the same in every version; the budget is computed on read.
    /// v1: budgets by the seed's algorithm unless a setting chose another.
    /// v2: budgets by algorithm v2 unless a setting chose another; replaying a v1 vault
    /// lists the days whose budget changes.
    /// v3: a sample that names its zone counts on the day it was lived in that zone.
    /// v4: the settings keep every day holding inputs, not only the first and last ever seen,
    /// so that taking the inputs of the first or last day back narrows the days a replay compares.
    public static let version = 4
    /// The calorie settings' history.
    public static let settingKinds: Set<EventKind>? = [.settingChanged]
    /// A day's inputs are what its events contributed; a budget reads the window of days
    /// `CalorieBudget.daysRead(on:)` names.
    public static let daysStandAlone = true

    static let settingsKey: [UInt8] = [0x02]

    /// `0x01` then the day number with its sign bit flipped, so keys sort by date.
    static func key(_ day: LocalDay) -> [UInt8] {
        [0x01] + withUnsafeBytes(of: (UInt64(bitPattern: day.number) ^ (1 << 63)).bigEndian) { Array($0) }
    }

    static func day(_ key: [UInt8]) -> LocalDay? {
        guard key.count == 9, key[0] == 0x01 else { return nil }
        return LocalDay(number: Int64(bitPattern: bigEndianValue(key.dropFirst()) ^ (1 << 63)))
    }

    public static func makeState(load: @escaping ([UInt8]) throws -> [UInt8]?) throws -> CalorieCreditViewState {
        try CalorieCreditViewState(load: load)
    }

    /// "changed the inputs of 3 days; budget changed on 5 days, mean −120 kcal" and a few days.
    public static func describeChanges(from old: CalorieCreditViewState, to new: CalorieCreditViewState, keys: [[UInt8]]) throws -> [String] {
        let days = keys.compactMap(day)
        var head = "\(name) v\(version) changed the inputs of \(days.count) day\(days.count == 1 ? "" : "s")"
        if keys.contains(settingsKey) { head += " and the settings" }
        // A changed day moves the budget of the window's length of days after it; changed
        // settings (a new default algorithm) may move every budget.
        var changedDays = days.map(\.number)
        if keys.contains(settingsKey) {
            for range in [old.fold.dayRange, new.fold.dayRange].compactMap({ $0 }) { changedDays += Array(range) }
        }
        let affected = Set(changedDays.flatMap { day in (0...Int64(CalorieAlgorithmV2.windowDays)).map { LocalDay(number: day + $0) } })
        var deltas: [(LocalDay, Double)] = []
        for day in affected.sorted() {
            let before = try old.fold.budget(on: day).budget, after = try new.fold.budget(on: day).budget
            if abs(after - before) >= 0.5 { deltas.append((day, after - before)) }
        }
        guard !deltas.isEmpty else { return [head] }
        let mean = deltas.map(\.1).reduce(0, +) / Double(deltas.count)
        head += "; budget changed on \(deltas.count) day\(deltas.count == 1 ? "" : "s"), mean \(signed(mean)) kcal"
        return [head] + deltas.prefix(3).map { "  \($0.0): budget \(signed($0.1)) kcal" }
    }

    static func signed(_ value: Double) -> String { (value >= 0 ? "+" : "") + String(Int(value.rounded())) }
}

/// The projection state of the calorie budget, around the fold that stores its inputs.
public final class CalorieCreditViewState: ProjectionState {
    public let fold: CalorieCreditState

    init(load: @escaping ([UInt8]) throws -> [UInt8]?, defaultAlgorithm: Int = CalorieSettings.defaultAlgorithm) throws {
        fold = try CalorieCreditState(
            loadDay: { try load(CalorieCreditView.key($0)) }, settings: try load(CalorieCreditView.settingsKey), defaultAlgorithm: defaultAlgorithm)
    }

    public func add(_ event: Event) throws { try fold.add(event) }

    public func remove(_ event: Event) throws { try fold.remove(event) }

    public func drainChanges() -> [(key: [UInt8], value: [UInt8]?)] {
        var changes = fold.touchedDays.sorted().map { (key: CalorieCreditView.key($0), value: fold.encodedDay($0)) }
        if fold.settingsTouched { changes.append((CalorieCreditView.settingsKey, fold.encodedSettings())) }
        fold.clearTouched()
        return changes
    }

    public func evict() { fold.evictDays() }

    public var residentSize: Int { fold.heldEntries * (MemoryLayout<IntakeEntry>.stride + 16) }
}
