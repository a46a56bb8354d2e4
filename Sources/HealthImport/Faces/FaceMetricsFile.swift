import LedgerCore

/// A capture's metrics JSON as ShareHealth writes it: `timestamp`, `mediaPipeFeatures` (24),
/// `healthIndicators` (4) and `metadata`.
struct FaceMetricsFile {
    /// The capture time, when the file has one.
    let timestamp: CaptureTime?

    enum CaptureTime {
        /// A time with an offset: an instant.
        case instant(Timestamp)
        /// A local clock time without an offset, as written.
        case localClock(String)
    }
    let payload: FaceCaptured
    /// Features the file holds beyond the 24 the ledger knows; left out, and said so.
    let unknownFeatures: [String]

    static let required = ["mediaPipeFeatures", "healthIndicators", "metadata"]

    init(path: String) throws(ImportError) {
        let text = try FolderScan.text(of: path)
        let document: Document
        do {
            document = try JSONParser.parseObject(text)
        } catch {
            throw .malformed(path, line: Self.line(atByte: error.offset, in: text), "not valid JSON: \(error.message)")
        }
        var parts: [String: Document] = [:]
        for name in Self.required {
            guard case .map(let part)? = document[name] else {
                throw .malformed(path, column: name, "the required object \(name) is missing or not an object")
            }
            parts[name] = part
        }
        let known = Set(FaceFeature.allCases.map(\.rawValue))
        var features = Document()
        var unknown: [String] = []
        for field in (parts["mediaPipeFeatures"] ?? Document()).fields {
            if known.contains(field.name) { features[field.name] = field.value } else { unknown.append(field.name) }
        }
        do {
            payload = try FaceCaptured(document: [
                "features": .map(features), "indicators": .map(parts["healthIndicators"] ?? Document()), "metadata": .map(parts["metadata"] ?? Document()),
            ])
        } catch {
            throw .malformed(path, "\(error)")
        }
        unknownFeatures = unknown
        switch document["timestamp"] {
        case nil, .null?:
            timestamp = nil
        case .string(let text)?:
            guard let atZero = try? ISO8601.parse(text, localOffset: 0), let atOne = try? ISO8601.parse(text, localOffset: 3600) else {
                throw .malformed(path, column: "timestamp", "'\(text)' is not an ISO 8601 time like 2024-03-15T14:30:22Z")
            }
            // Text without an offset takes whichever local offset it is given.
            let hasOffset = atZero.utcOffset != 0 || atOne.utcOffset != 3600
            timestamp = hasOffset ? .instant(atZero.timestamp) : .localClock(text)
        case let other?:
            throw .malformed(path, column: "timestamp", "\(describe(other)) is not ISO 8601 text")
        }
    }

    /// 1-based line of a byte offset.
    static func line(atByte offset: Int, in text: String) -> Int {
        text.utf8.prefix(offset).reduce(1) { $1 == 0x0a ? $0 + 1 : $0 }
    }
}
