import LedgerCore

/// The inputs of the face models: every capture with the features its extractor derived,
/// and the history of the `faceModels.targets` setting. Models are trained on read,
/// against the daily metrics as they are then, so they follow both new captures and new
/// health data without a second copy of the daily metrics here.
///
/// All captures live in one partition: a person takes a few a day at most, and every
/// training reads all of them.
public final class FaceModelsState {
    public static let targetsKey = "faceModels.targets"

    let extractor: any FaceFeatureExtractor
    /// By event id.
    private var captures: [EventID: FaceCaptureRecord]
    private(set) var targetChanges: [FaceTargetChange]
    private(set) var capturesTouched = false
    private(set) var settingsTouched = false

    init(captures: [UInt8]?, settings: [UInt8]?, extractor: any FaceFeatureExtractor) throws {
        self.extractor = extractor
        let records = try captures.map(FaceModelsCoding.decodeCaptures) ?? []
        self.captures = Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0) })
        targetChanges = try settings.map(FaceModelsCoding.decodeTargetChanges) ?? []
    }

    /// Every capture, oldest first.
    public var allCaptures: [FaceCaptureRecord] {
        captures.values.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    }

    /// The targets in force now: the latest setting's list, or the three built-in ones.
    public var targets: [FaceModelTarget] {
        guard let latest = targetChanges.last, let names = latest.targets else { return FaceModelTarget.defaults }
        return names.compactMap(FaceModelTarget.init(name:))
    }

    func add(_ event: Event) throws {
        switch event.kind {
        case .faceCaptured:
            let payload = try event.decode(FaceCaptured.self)
            let derived = extractor.features(of: payload)
            captures[event.id] = FaceCaptureRecord(
                id: event.id, start: event.start, utcOffset: event.utcOffset,
                extractorVersion: derived?.extractorVersion ?? 0, features: derived?.features)
            capturesTouched = true
        case .settingChanged:
            guard let change = try targetChange(event) else { return }
            targetChanges.insert(change, at: targetChanges.firstIndex { change < $0 } ?? targetChanges.endIndex)
            settingsTouched = true
        default:
            return
        }
    }

    func remove(_ event: Event) throws {
        switch event.kind {
        case .faceCaptured:
            if captures.removeValue(forKey: event.id) != nil { capturesTouched = true }
        case .settingChanged:
            guard let change = try targetChange(event), let index = targetChanges.firstIndex(of: change) else { return }
            targetChanges.remove(at: index)
            settingsTouched = true
        default:
            return
        }
    }

    func encodedCaptures() -> [UInt8]? { captures.isEmpty ? nil : FaceModelsCoding.encode(allCaptures) }

    func encodedSettings() -> [UInt8]? { targetChanges.isEmpty ? nil : FaceModelsCoding.encode(targetChanges) }

    func clearTouched() {
        capturesTouched = false
        settingsTouched = false
    }

    var residentSize: Int { captures.count * (MemoryLayout<FaceCaptureRecord>.stride + 8 * FaceFeature.allCases.count) }

    /// A target list: an array of names or one name (unknown names are kept, and skipped
    /// when read); null or anything else restores the defaults.
    private func targetChange(_ event: Event) throws -> FaceTargetChange? {
        let setting = try event.decode(SettingChanged.self)
        guard setting.key == Self.targetsKey else { return nil }
        var targets: [String]?
        switch setting.value {
        case .array(let items): targets = items.compactMap { if case .string(let name) = $0 { name } else { nil } }
        case .string(let name): targets = [name]
        default: targets = nil
        }
        return FaceTargetChange(start: event.start.micros, id: event.id.bytes, targets: targets)
    }
}
