/// A face capture in ShareHealth's format: features, indicators and capture details, with
/// optional mesh landmarks, blendshapes and a reference to the separately sealed image.
///
/// The image is never inside the event: it is a blob under its own random key, so that
/// `forget` can crypto-shred it while the event (and the log's hash chain) stays.
public struct FaceCaptured: EventPayload {
    public static let kind = EventKind.faceCaptured
    public static let schema = 1

    /// All 24 features, or none when the capture held no metrics.
    public var features: FaceFeatures?
    public var indicators: FaceIndicators?
    public var metadata: FaceCaptureMetadata?
    /// Face Mesh points (x, y, z), 468 or 478 of them when present.
    public var landmarks: [FacePoint]
    /// MediaPipe blendshape scores by name, 0…1.
    public var blendshapes: [String: Double]
    /// The key of the image blob.
    public var imageBlob: String?

    public static let landmarkCounts: Set<Int> = [468, 478]

    public init(
        features: FaceFeatures? = nil, indicators: FaceIndicators? = nil, metadata: FaceCaptureMetadata? = nil,
        landmarks: [FacePoint] = [], blendshapes: [String: Double] = [:], imageBlob: String? = nil
    ) {
        self.features = features
        self.indicators = indicators
        self.metadata = metadata
        self.landmarks = landmarks
        self.blendshapes = blendshapes
        self.imageBlob = imageBlob
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            features = try document.item("features") { (fields) throws(ValidationError) in try FaceFeatures(document: fields) }
            indicators = try document.item("indicators") { (fields) throws(ValidationError) in try FaceIndicators(document: fields, range: 0...100) }
            metadata = try document.item("metadata", FaceCaptureMetadata.init(document:))
            landmarks = try FacePoint.decode(document.doubles("landmarks"))
            blendshapes = try document.numberMap("blendshapes")
            imageBlob = try Rule.nonEmptyIfPresent(document.optionalString("imageBlob"), "imageBlob")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        var document = Document()
        document.set("features", features.map { .map($0.document) })
        document.set("indicators", indicators.map { .map($0.document) })
        document.set("metadata", metadata.map { .map($0.document) })
        if !landmarks.isEmpty { document.setDoubles("landmarks", landmarks.flatMap { [$0.x, $0.y, $0.z] }) }
        document.setMap("blendshapes", blendshapes, DocValue.double)
        document.set("imageBlob", imageBlob.doc)
        return document
    }
}

/// A face mesh landmark in MediaPipe's normalised image coordinates.
public struct FacePoint: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// Landmarks are stored as one flat list `x0, y0, z0, x1, …`: 1,434 numbers without 478 keys.
    static func decode(_ flat: [Double]) throws(ValidationError) -> [FacePoint] {
        guard !flat.isEmpty else { return [] }
        guard flat.count % 3 == 0, FaceCaptured.landmarkCounts.contains(flat.count / 3) else {
            throw ValidationError(
                field: "landmarks", value: "\(flat.count) numbers",
                reason: "must hold 468 or 478 points of x, y, z (1404 or 1434 numbers)")
        }
        return stride(from: 0, to: flat.count, by: 3).map { FacePoint(x: flat[$0], y: flat[$0 + 1], z: flat[$0 + 2]) }
    }
}
