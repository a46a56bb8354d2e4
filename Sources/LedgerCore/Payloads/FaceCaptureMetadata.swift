/// How a face capture was taken, as the `metadata` object of ShareHealth's JSON records it.
public struct FaceCaptureMetadata: Hashable, Sendable {
    /// Pixels.
    public var imageWidth: Int?
    /// Pixels.
    public var imageHeight: Int?
    /// The detector's confidence, 0…1.
    public var faceConfidence: Double?
    /// 468 (Face Mesh) or 478 (with irises).
    public var landmarkCount: Int?

    public init(imageWidth: Int? = nil, imageHeight: Int? = nil, faceConfidence: Double? = nil, landmarkCount: Int? = nil) {
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.faceConfidence = faceConfidence
        self.landmarkCount = landmarkCount
    }

    init(document: Document) throws(ValidationError) {
        imageWidth = try Self.pixels(document, "imageWidth")
        imageHeight = try Self.pixels(document, "imageHeight")
        faceConfidence = try document.optionalDouble("faceConfidence")
        if let faceConfidence { _ = try Rule.within(faceConfidence, 0...1, "faceConfidence") }
        landmarkCount = try document.optionalInt("landmarkCount").map { Int(clamping: $0) }
    }

    private static func pixels(_ document: Document, _ name: String) throws(ValidationError) -> Int? {
        guard let pixels = try document.optionalInt(name) else { return nil }
        guard pixels > 0, pixels < 1 << 20 else {
            throw ValidationError(field: name, value: String(pixels), reason: "must be a positive number of pixels")
        }
        return Int(pixels)
    }

    var document: Document {
        var document = Document()
        document.set("imageWidth", imageWidth.map { .int(Int64($0)) })
        document.set("imageHeight", imageHeight.map { .int(Int64($0)) })
        document.set("faceConfidence", faceConfidence.doc)
        document.set("landmarkCount", landmarkCount.map { .int(Int64($0)) })
        return document
    }
}
