/// The 24 facial features ShareHealth extracts with MediaPipe, in the order of its JSON.
///
/// Eye, brow, mouth, cheek and nose values are 0…1; head pose is degrees; sizes and
/// distances are fractions of the image.
public enum FaceFeature: String, Sendable, CaseIterable {
    case eyeOpennessLeft, eyeOpennessRight, eyeBlinkLeft, eyeBlinkRight
    case browRaiseLeft, browRaiseRight, browFurrow
    case mouthOpen, mouthSmileLeft, mouthSmileRight, mouthPucker, jawOpen
    case cheekPuffLeft, cheekPuffRight, noseWrinkle
    case headPitch, headYaw, headRoll
    case faceWidth, faceHeight, eyeDistance, noseMouthDistance, mouthWidth, faceCenterX
}

/// ShareHealth's four health indicators, each 0…100, derived from the features.
public enum FaceIndicator: String, Sendable, CaseIterable {
    case alertnessScore, tensionScore, smileScore, facialSymmetry
}
