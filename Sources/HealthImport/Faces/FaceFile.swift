public import LedgerCore

/// One face capture read from a file, for `append face` and `models predict`.
public enum FaceFile {
    /// ShareHealth's metrics JSON (`mediaPipeFeatures`, `healthIndicators`, `metadata`).
    public static func metrics(_ path: String) throws(ImportError) -> (payload: FaceCaptured, timestamp: Timestamp?) {
        let file = try FaceMetricsFile(path: path)
        if case .instant(let instant)? = file.timestamp { return (file.payload, instant) }
        return (file.payload, nil)
    }

    /// Face Mesh landmarks (see `FaceLandmarksFile` for the shapes read).
    public static func landmarks(_ path: String) throws(ImportError) -> FaceCaptured {
        try FaceLandmarksFile(path: path).payload
    }

    /// Either kind, told apart by ShareHealth's `mediaPipeFeatures` object.
    public static func either(_ path: String) throws(ImportError) -> FaceCaptured {
        let text = try FolderScan.text(of: path)
        return text.contains("\"mediaPipeFeatures\"") ? try metrics(path).payload : try landmarks(path)
    }
}
