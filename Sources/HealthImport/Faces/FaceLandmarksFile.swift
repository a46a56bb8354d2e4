import LedgerCore

/// MediaPipe Face Mesh output saved as JSON: the points of one face (468, or 478 with the
/// irises) and, when the Face Landmarker wrote them, its blendshape scores.
///
/// Accepted shapes, so that both MediaPipe's Python/JS results and hand-made files read:
/// - `[[x, y, z], …]` or `[{"x":…, "y":…, "z":…}, …]` (z may be missing: 0);
/// - an object with those points under `landmarks`, `faceLandmarks` or `multiFaceLandmarks`
///   — a list of faces takes the first — and optionally `blendshapes` (`{"eyeBlinkLeft": 0.1}`)
///   or `faceBlendshapes` (MediaPipe's `[{"categories": [{"categoryName": …, "score": …}]}]`),
///   and `metadata` as in ShareHealth's metrics JSON.
struct FaceLandmarksFile {
    let payload: FaceCaptured

    init(path: String) throws(ImportError) {
        let text = try FolderScan.text(of: path)
        let root: DocValue
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw .malformed(path, line: FaceMetricsFile.line(atByte: error.offset, in: text), "not valid JSON: \(error.message)")
        }
        var points: DocValue? = root
        var blendshapes: [String: Double] = [:]
        var metadata: DocValue?
        if case .map(let document) = root {
            points = document["landmarks"] ?? document["faceLandmarks"] ?? document["multiFaceLandmarks"]
            blendshapes = try Self.blendshapes(document["blendshapes"] ?? document["faceBlendshapes"], path: path)
            metadata = document["metadata"]
        }
        guard let points, let flat = Self.flatPoints(points) else {
            throw .malformed(path, "no landmarks: expected a list of [x, y, z] or {x, y, z} points, alone or under \"landmarks\"")
        }
        var document: Document = ["landmarks": .array(flat.map(DocValue.double)), "blendshapes": .map(Document(blendshapes.sorted { $0.key < $1.key }.map { ($0.key, .double($0.value)) }))]
        document.set("metadata", metadata)
        do {
            payload = try FaceCaptured(document: document)
        } catch {
            throw .malformed(path, "\(error)")
        }
    }

    /// x0, y0, z0, x1, … of the first face; nil when `value` is not a list of points.
    private static func flatPoints(_ value: DocValue) -> [Double]? {
        guard case .array(let items) = value, let first = items.first else { return nil }
        if case .array(let inner) = first, case .array? = inner.first { return flatPoints(first) }
        if case .array(let inner) = first, case .map? = inner.first { return flatPoints(first) }
        var flat: [Double] = []
        for item in items {
            switch item {
            case .array(let coordinates) where coordinates.count == 2 || coordinates.count == 3:
                for coordinate in coordinates { guard let number = number(coordinate) else { return nil }; flat.append(number) }
                if coordinates.count == 2 { flat.append(0) }
            case .map(let point):
                guard let x = point["x"].flatMap(number), let y = point["y"].flatMap(number) else { return nil }
                flat += [x, y, point["z"].flatMap(number) ?? 0]
            default:
                return nil
            }
        }
        return flat
    }

    private static func number(_ value: DocValue) -> Double? {
        switch value {
        case .double(let number): number
        case .int(let number): Double(number)
        default: nil
        }
    }

    private static func blendshapes(_ value: DocValue?, path: String) throws(ImportError) -> [String: Double] {
        switch value {
        case nil, .null?:
            return [:]
        case .map(let scores)?:
            var result: [String: Double] = [:]
            for (name, score) in scores.fields {
                guard let number = number(score) else { throw .malformed(path, column: "blendshapes.\(name)", "\(describe(score)) is not a number") }
                result[name] = number
            }
            return result
        case .array(let faces)?:
            // MediaPipe: one entry per face, each a list of categories or {"categories": […]}.
            var categories: DocValue? = faces.first
            if case .map(let face)? = categories { categories = face["categories"] }
            guard case .array(let items)? = categories else { return [:] }
            var result: [String: Double] = [:]
            for case .map(let category) in items {
                guard case .string(let name)? = category["categoryName"], let score = category["score"].flatMap(number) else { continue }
                result[name] = score
            }
            return result
        case let other?:
            throw .malformed(path, column: "blendshapes", "\(describe(other)) is neither a map of scores nor MediaPipe's faceBlendshapes")
        }
    }
}
