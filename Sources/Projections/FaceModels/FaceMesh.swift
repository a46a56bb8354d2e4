import LedgerCore

/// Face Mesh landmarks in one unit system (y scaled by the image's aspect), with the
/// geometry the extractors use.
struct FaceMesh {
    private let points: [FacePoint]

    init(_ landmarks: [FacePoint], aspect: Double) {
        points = landmarks.map { FacePoint(x: $0.x, y: $0.y * aspect, z: $0.z) }
    }

    subscript(index: Int) -> FacePoint { points[index] }

    func midpoint(_ a: Int, _ b: Int) -> FacePoint {
        FacePoint(x: (points[a].x + points[b].x) / 2, y: (points[a].y + points[b].y) / 2, z: (points[a].z + points[b].z) / 2)
    }

    func vector(_ from: Int, _ to: Int) -> FacePoint {
        FacePoint(x: points[to].x - points[from].x, y: points[to].y - points[from].y, z: points[to].z - points[from].z)
    }

    func distance(_ a: FacePoint, _ b: FacePoint) -> Double {
        let (dx, dy, dz) = (a.x - b.x, a.y - b.y, a.z - b.z)
        return (dx * dx + dy * dy + dz * dz).squareRoot()
    }

    /// Soukupová and Čech's eye aspect ratio: mean lid gap over eye width.
    func eyeAspectRatio(outer: Int, inner: Int, pairs: [(Int, Int)]) -> Double {
        let width = distance(points[outer], points[inner])
        guard width > 0 else { return 0 }
        return pairs.reduce(0) { $0 + distance(points[$1.0], points[$1.1]) } / (Double(pairs.count) * width)
    }
}
