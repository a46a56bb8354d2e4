/// A `faceModels.targets` setting as it changed: the list of target names, nil for the defaults.
struct FaceTargetChange: Hashable, Comparable {
    var start: Int64
    var id: [UInt8]
    var targets: [String]?

    static func < (lhs: FaceTargetChange, rhs: FaceTargetChange) -> Bool {
        lhs.start != rhs.start ? lhs.start < rhs.start : lhs.id.lexicographicallyPrecedes(rhs.id)
    }
}
