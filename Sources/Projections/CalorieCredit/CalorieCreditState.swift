public import LedgerCore

/// The stored inputs of the calorie budget: per local day, what each event contributed;
/// and the history of calorie settings. The budget itself is computed on read, so v1 and
/// v2 are pure functions of the same stored inputs.
public final class CalorieCreditState {
    static let energyType = "HKQuantityTypeIdentifierDietaryEnergyConsumed"
    static let bodyMassType = "HKQuantityTypeIdentifierBodyMass"
    static let macroTypes: [String: IntakeEntry.Field] = [
        "HKQuantityTypeIdentifierDietaryProtein": .protein,
        "HKQuantityTypeIdentifierDietaryCarbohydrates": .carbs,
        "HKQuantityTypeIdentifierDietaryFatTotal": .fat,
    ]

    private let loadDay: (LocalDay) throws -> [UInt8]?
    /// Whether the last sample type seen feeds the budget: samples come in runs of one type,
    /// and comparing with the last is cheaper than hashing every heart rate's type.
    private var lastSampleType: (type: String, feedsBudget: Bool)?
    private var days: [LocalDay: [IntakeEntry]] = [:]
    /// The offsets of the zones samples name, for the day each was lived on.
    private var zoneOffsets = ZoneOffsets()
    private(set) var touchedDays: Set<LocalDay> = []
    private(set) var settingChanges: [CalorieSettingChange]
    private(set) var settingsTouched = false
    /// The algorithm used when no setting chooses one. Stored, so that a replay after the
    /// default changed sees the old and new budgets differ.
    private(set) var defaultAlgorithm: Int
    /// The days holding inputs: a replay compares the budgets from the first to the last.
    private(set) var daysWithInputs = DaysWithInputs()
    var dayRange: ClosedRange<Int64>? { daysWithInputs.range }

    init(loadDay: @escaping (LocalDay) throws -> [UInt8]?, settings: [UInt8]?, defaultAlgorithm: Int = CalorieSettings.defaultAlgorithm) throws {
        self.loadDay = loadDay
        if let settings {
            (self.defaultAlgorithm, daysWithInputs, settingChanges) = try CalorieCreditCoding.decodeSettings(settings)
        } else {
            self.defaultAlgorithm = defaultAlgorithm
            settingChanges = []
            settingsTouched = true
        }
    }

    /// The inputs of `day`.
    public func inputs(for day: LocalDay) throws -> DayInputs { DayInputs(try entries(day)) }

    /// The settings in force on `day`: every change made on or before it.
    public func settings(on day: LocalDay) -> CalorieSettings {
        CalorieSettings(settingChanges.filter { $0.day <= day.number }, defaultAlgorithm: defaultAlgorithm)
    }

    func add(_ event: Event) throws {
        if event.kind == .settingChanged {
            guard let change = try settingChange(event) else { return }
            let index = settingChanges.firstIndex { change < $0 } ?? settingChanges.endIndex
            settingChanges.insert(change, at: index)
            settingsTouched = true
            return
        }
        for (day, entry) in try contributions(of: event) {
            var list = try entries(day)
            list.insert(entry, at: list.firstIndex { entry < $0 } ?? list.endIndex)
            days[day] = list
            heldEntries += 1
            touchedDays.insert(day)
            if !daysWithInputs.contains(day.number) {
                daysWithInputs.insert(day.number)
                settingsTouched = true
            }
        }
    }

    func remove(_ event: Event) throws {
        if event.kind == .settingChanged {
            guard let change = try settingChange(event), let index = settingChanges.firstIndex(of: change) else { return }
            settingChanges.remove(at: index)
            settingsTouched = true
            return
        }
        for (day, entry) in try contributions(of: event) {
            var list = try entries(day)
            guard let index = list.firstIndex(of: entry) else { continue }
            list.remove(at: index)
            days[day] = list
            heldEntries -= 1
            touchedDays.insert(day)
            if list.isEmpty {
                daysWithInputs.remove(day.number)
                settingsTouched = true
            }
        }
    }

    /// The stored form of `day`, nil when it holds nothing.
    func encodedDay(_ day: LocalDay) -> [UInt8]? {
        guard let list = days[day], !list.isEmpty else { return nil }
        return CalorieCreditCoding.encode(list)
    }

    func encodedSettings() -> [UInt8] { CalorieCreditCoding.encode(settingChanges, defaultAlgorithm: defaultAlgorithm, daysWithInputs: daysWithInputs) }

    func clearTouched() {
        touchedDays.removeAll()
        settingsTouched = false
    }

    /// Forgets days not changed since the last drain; they load again when read.
    func evictDays() {
        days = days.filter { touchedDays.contains($0.key) }
        heldEntries = days.values.reduce(0) { $0 + $1.count }
    }

    /// Entries held in memory, kept as a count: the live fold asks after every event.
    private(set) var heldEntries = 0

    private func entries(_ day: LocalDay) throws -> [IntakeEntry] {
        if let known = days[day] { return known }
        let list = try loadDay(day).map(CalorieCreditCoding.decodeDay) ?? []
        days[day] = list
        heldEntries += list.count
        return list
    }

    /// The entries `event` adds, by local day of its start. Food correlations are skipped:
    /// Health exports a meal's members as top-level samples too, so they are counted there.
    private func contributions(of event: Event) throws -> [(LocalDay, IntakeEntry)] {
        // The day the sample was lived on: its zone's, where it names one (Apple Health
        // imports before issue 39 kept the export's offset beside the zone).
        var day: LocalDay { LocalDay(event.start, utcOffset: event.sampleZone.flatMap { zoneOffsets.offset($0, at: event.start) } ?? event.utcOffset) }
        var id: [UInt8] { event.id.bytes }
        switch event.kind {
        case .foodLogged:
            let food = try event.decode(FoodLogged.self)
            let fields: [(IntakeEntry.Field, Double?)] = [(.energy, food.kcal), (.protein, food.protein), (.carbs, food.carbs), (.fat, food.fat)]
            return fields.compactMap { field, value in value.map { (day, IntakeEntry(id: id, field: field, value: $0)) } }
        case .sampleRecorded:
            // Most imported samples are heart rates and steps: look at the type before paying
            // for a full decode.
            guard case .string(let type)? = event.payload["type"], feedsBudget(sampleType: type) else { return [] }
            let sample = try event.decode(SampleRecorded.self)
            let target: (IntakeEntry.Field, String)
            switch sample.type {
            case Self.energyType: target = (.energy, "kcal")
            case Self.bodyMassType: target = (.bodyMass, "kg")
            default:
                guard let field = Self.macroTypes[sample.type] else { return [] }
                target = (field, "g")
            }
            guard let unit = HealthUnit.named(sample.unit), let targetUnit = HealthUnit.named(target.1), let value = unit.convert(sample.value, to: targetUnit) else { return [] }
            return [(day, IntakeEntry(id: id, field: target.0, value: value))]
        default:
            return []
        }
    }

    private func feedsBudget(sampleType type: String) -> Bool {
        if let last = lastSampleType, last.type == type { return last.feedsBudget }
        let feeds = type == Self.energyType || type == Self.bodyMassType || Self.macroTypes[type] != nil
        lastSampleType = (type, feeds)
        return feeds
    }

    private func settingChange(_ event: Event) throws -> CalorieSettingChange? {
        let setting = try event.decode(SettingChanged.self)
        guard CalorieSettings.keys.contains(setting.key) else { return nil }
        let text: String?
        switch setting.value {
        case .null: text = nil
        case .int(let number): text = String(number)
        case .double(let number): text = String(number)
        case .string(let string): text = string
        case .bool(let flag): text = String(flag)
        default: return nil
        }
        return CalorieSettingChange(
            start: event.start.micros, id: event.id.bytes, day: LocalDay(event.start, utcOffset: event.utcOffset).number,
            key: setting.key, value: text)
    }
}
