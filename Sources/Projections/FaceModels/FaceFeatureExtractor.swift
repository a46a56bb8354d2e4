public import LedgerCore

/// Derives the 24 features from Face Mesh landmarks. Versioned: the face-models view
/// stores which version derived each capture, so a better extractor re-derives every
/// landmark capture on replay and the replay report says what moved.
public protocol FaceFeatureExtractor: Sendable {
    var version: Int { get }
    /// The features of one face; nil when the landmarks are degenerate (eyes on one point).
    /// `aspect` is the image's height ÷ width, to undo MediaPipe's per-axis normalisation.
    func features(landmarks: [FacePoint], blendshapes: [String: Double], aspect: Double) -> FaceFeatures?
}

extension FaceFeatureExtractor {
    /// The features a capture contributes: derived from its landmarks when it has usable ones
    /// (so every landmark capture is measured by the same, current extractor), else the 24
    /// ShareHealth computed; nil when it has neither. The version is 0 for ShareHealth's.
    public func features(of capture: FaceCaptured) -> (features: FaceFeatures, extractorVersion: Int)? {
        let aspect = capture.metadata.flatMap { metadata in
            metadata.imageWidth.flatMap { width in metadata.imageHeight.map { Double($0) / Double(width) } }
        } ?? 1
        if !capture.landmarks.isEmpty, let derived = features(landmarks: capture.landmarks, blendshapes: capture.blendshapes, aspect: aspect) {
            return (derived, version)
        }
        return capture.features.map { ($0, 0) }
    }
}
