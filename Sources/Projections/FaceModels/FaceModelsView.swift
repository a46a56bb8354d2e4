public import LedgerCore

/// The face models' inputs as a projection: partition 0x01 holds every capture's features,
/// 0x02 the targets setting's history.
public enum FaceModelsView: ProjectionKind {
    public static let name = "face-models"
    /// v1: features from ShareHealth's JSON, or from landmarks by `FaceMeshExtractorV1`.
    /// Bump with the extractor: a replay then re-derives every landmark capture.
    public static let version = 1
    public static let extractor: any FaceFeatureExtractor = FaceMeshExtractorV1()

    static let capturesKey: [UInt8] = [0x01]
    static let settingsKey: [UInt8] = [0x02]

    public static func makeState(load: @escaping ([UInt8]) throws -> [UInt8]?) throws -> FaceModelsViewState {
        try FaceModelsViewState(load: load, extractor: extractor)
    }

    public static func describeChanges(from old: FaceModelsViewState, to new: FaceModelsViewState, keys: [[UInt8]]) throws -> [String] {
        var lines = keys.contains(capturesKey) ? FaceFeatureChanges(old: old.fold, new: new.fold).lines(name: name) : []
        if keys.contains(settingsKey) {
            lines.append("\(name): targets \(old.fold.targets.map(\.name).joined(separator: ", ")) → \(new.fold.targets.map(\.name).joined(separator: ", "))")
        }
        return lines
    }
}

/// The projection state of the face models, around the fold that keeps their inputs.
public final class FaceModelsViewState: ProjectionState {
    public let fold: FaceModelsState

    init(load: @escaping ([UInt8]) throws -> [UInt8]?, extractor: any FaceFeatureExtractor) throws {
        fold = try FaceModelsState(captures: load(FaceModelsView.capturesKey), settings: load(FaceModelsView.settingsKey), extractor: extractor)
    }

    public func add(_ event: Event) throws { try fold.add(event) }

    public func remove(_ event: Event) throws { try fold.remove(event) }

    public func drainChanges() -> [(key: [UInt8], value: [UInt8]?)] {
        var changes: [(key: [UInt8], value: [UInt8]?)] = []
        if fold.capturesTouched { changes.append((FaceModelsView.capturesKey, fold.encodedCaptures())) }
        if fold.settingsTouched { changes.append((FaceModelsView.settingsKey, fold.encodedSettings())) }
        fold.clearTouched()
        return changes
    }

    /// The captures stay in memory: they are few, and every training reads them all.
    public func evict() {}

    public var residentSize: Int { fold.residentSize }
}
