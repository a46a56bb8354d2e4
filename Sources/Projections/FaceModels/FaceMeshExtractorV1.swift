import Foundation
public import LedgerCore

/// Extractor v1: the 24 features from MediaPipe Face Mesh geometry, where a MediaPipe
/// blendshape of the same meaning is present it wins (the network saw the pixels).
///
/// Points are scaled to one unit system first (x by 1, y by the aspect, z by 1: MediaPipe's
/// z shares x's scale). "Left" is the person's left. IOD is the distance between the eye
/// centres (midpoints of the corners 33–133 and 263–362); geometric ratios are divided by
/// it so they do not depend on how far the face is from the camera. clamp01 bounds to 0…1.
/// - eyeOpenness: eye aspect ratio EAR = (|p160−p144| + |p158−p153|) ÷ 2|p33−p133| (right;
///   left 385–380, 387–373 over 362–263); openness = clamp01((EAR − 0.10) ÷ 0.25).
/// - eyeBlink: blendshape eyeBlinkLeft/Right, else 1 − openness.
/// - browRaise: brow middle to upper lid (105–159 right, 334–386 left) ÷ IOD;
///   clamp01((ratio − 0.20) ÷ 0.25), or blendshape browOuterUpLeft/Right.
/// - browFurrow: inner brow gap 107–336 ÷ IOD; clamp01((0.45 − gap) ÷ 0.20), or the mean of
///   blendshapes browDownLeft/Right.
/// - mouthOpen: inner lips 13–14 ÷ IOD, clamp01(ratio ÷ 0.5).
/// - mouthSmile: corner lift above the inner-lip midpoint (61 right, 291 left) ÷ IOD;
///   clamp01(0.4 + 4 × lift), or blendshape mouthSmileLeft/Right.
/// - mouthPucker: clamp01((0.8 − mouth width 61–291 ÷ IOD) ÷ 0.3), or blendshape mouthPucker.
/// - jawOpen: nose tip to chin 1–152 ÷ IOD; clamp01((ratio − 1.0) ÷ 0.5), or blendshape jawOpen.
/// - cheekPuff: blendshape cheekPuff for both sides, else 0 (mesh geometry cannot tell a
///   puffed cheek from a full face).
/// - noseWrinkle: nose bridge to tip 168–1 ÷ IOD; clamp01((0.95 − ratio) ÷ 0.25), or the
///   mean of blendshapes noseSneerLeft/Right.
/// - head pose, degrees within ±45: roll = atan2(Δy, Δx) and yaw = atan2(Δz, Δx) of the
///   cheek line 234→454; pitch = atan2(Δz, Δy) of the midline 10→152 (positive: chin
///   farther from the camera, head tilted down).
/// - faceWidth |x454 − x234|, faceHeight |y152 − y10|, eyeDistance (between eye centres),
///   noseMouthDistance (1–13), mouthWidth (61–291): in MediaPipe's normalised image units;
///   faceCenterX: the mean x of all landmarks.
public struct FaceMeshExtractorV1: FaceFeatureExtractor {
    public let version = 1

    public init() {}

    public func features(landmarks: [FacePoint], blendshapes: [String: Double], aspect: Double) -> FaceFeatures? {
        let mesh = FaceMesh(landmarks, aspect: aspect)
        let iod = mesh.distance(mesh.midpoint(33, 133), mesh.midpoint(263, 362))
        guard iod > 1e-9 else { return nil }
        func ratio(_ a: Int, _ b: Int) -> Double { mesh.distance(mesh[a], mesh[b]) / iod }
        func blend(_ names: String...) -> Double? {
            let scores = names.compactMap { blendshapes[$0] }
            return scores.isEmpty ? nil : scores.reduce(0, +) / Double(scores.count)
        }
        let right = mesh.eyeAspectRatio(outer: 33, inner: 133, pairs: [(160, 144), (158, 153)])
        let left = mesh.eyeAspectRatio(outer: 263, inner: 362, pairs: [(385, 380), (387, 373)])
        let lipMidY = (mesh[13].y + mesh[14].y) / 2
        let across = mesh.vector(234, 454), down = mesh.vector(10, 152)
        let values: [FaceFeature: Double] = [
            .eyeOpennessLeft: clamp01((left - 0.10) / 0.25),
            .eyeOpennessRight: clamp01((right - 0.10) / 0.25),
            .eyeBlinkLeft: blend("eyeBlinkLeft") ?? 1 - clamp01((left - 0.10) / 0.25),
            .eyeBlinkRight: blend("eyeBlinkRight") ?? 1 - clamp01((right - 0.10) / 0.25),
            .browRaiseLeft: blend("browOuterUpLeft") ?? clamp01((ratio(334, 386) - 0.20) / 0.25),
            .browRaiseRight: blend("browOuterUpRight") ?? clamp01((ratio(105, 159) - 0.20) / 0.25),
            .browFurrow: blend("browDownLeft", "browDownRight") ?? clamp01((0.45 - ratio(107, 336)) / 0.20),
            .mouthOpen: clamp01(ratio(13, 14) / 0.5),
            .mouthSmileLeft: blend("mouthSmileLeft") ?? clamp01(0.4 + 4 * (lipMidY - mesh[291].y) / iod),
            .mouthSmileRight: blend("mouthSmileRight") ?? clamp01(0.4 + 4 * (lipMidY - mesh[61].y) / iod),
            .mouthPucker: blend("mouthPucker") ?? clamp01((0.8 - ratio(61, 291)) / 0.3),
            .jawOpen: blend("jawOpen") ?? clamp01((ratio(1, 152) - 1.0) / 0.5),
            .cheekPuffLeft: blend("cheekPuff") ?? 0,
            .cheekPuffRight: blend("cheekPuff") ?? 0,
            .noseWrinkle: blend("noseSneerLeft", "noseSneerRight") ?? clamp01((0.95 - ratio(168, 1)) / 0.25),
            .headPitch: degrees(atan2(down.z, down.y)),
            .headYaw: degrees(atan2(across.z, across.x)),
            .headRoll: degrees(atan2(across.y, across.x)),
            .faceWidth: abs(landmarks[454].x - landmarks[234].x),
            .faceHeight: abs(landmarks[152].y - landmarks[10].y),
            .eyeDistance: Self.planar(landmarks, (33, 133), (263, 362)),
            .noseMouthDistance: Self.planar(landmarks, (1, 1), (13, 13)),
            .mouthWidth: Self.planar(landmarks, (61, 61), (291, 291)),
            .faceCenterX: landmarks.reduce(0) { $0 + $1.x } / Double(landmarks.count),
        ]
        // Cannot fail: the dictionary above names every feature
        return FaceFeatures { values[$0]! }
    }

    private func clamp01(_ value: Double) -> Double { min(1, max(0, value)) }

    private func degrees(_ radians: Double) -> Double { min(45, max(-45, radians * 180 / .pi)) }

    /// Distance in normalised image units between the midpoints of two pairs of landmarks.
    private static func planar(_ points: [FacePoint], _ a: (Int, Int), _ b: (Int, Int)) -> Double {
        let dx = (points[a.0].x + points[a.1].x - points[b.0].x - points[b.1].x) / 2
        let dy = (points[a.0].y + points[a.1].y - points[b.0].y - points[b.1].y) / 2
        return (dx * dx + dy * dy).squareRoot()
    }
}
