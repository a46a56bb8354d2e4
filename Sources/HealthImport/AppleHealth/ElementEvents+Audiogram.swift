import LedgerCore

extension ElementEvents {
    /// Hearing sensitivity per frequency; points with no frequency, or with no ear measured, are left out.
    func audiogram(_ element: CapturedElement) throws(RecordProblem) -> Event {
        let points = element.children(named: "SensitivityPoint").compactMap { point -> AudiogramPoint? in
            guard let frequency = point.number("frequencyValue") else { return nil }
            let left = Self.ear(point, "leftEar")
            let right = Self.ear(point, "rightEar")
            guard left != nil || right != nil else { return nil }
            return AudiogramPoint(frequency: frequency, left: left, right: right)
        }
        guard !points.isEmpty else { throw RecordProblem(reason: "an Audiogram without sensitivity points") }
        return event(AudiogramRecorded(type: element["type"] ?? "HKDataTypeIdentifierAudiogram", points: points, metadata: element.metadata), element)
    }

    private static func flag(_ text: String) -> Bool { ["1", "true", "yes"].contains(text.lowercased()) }

    /// One ear's `…Value`, `…Masked` and `…ClampingRange…Bound` attributes (the last two iOS 18+).
    private static func ear(_ point: CapturedElement, _ prefix: String) -> EarSensitivity? {
        guard let sensitivity = point.number(prefix + "Value") else { return nil }
        var lower = point.number(prefix + "ClampingRangeLowerBound")
        var upper = point.number(prefix + "ClampingRangeUpperBound")
        // Bounds upside down describe no range; the sensitivity stands without them.
        if let low = lower, let high = upper, low > high { (lower, upper) = (nil, nil) }
        return EarSensitivity(
            sensitivity: sensitivity, masked: point[prefix + "Masked"].map(flag), clampingLowerBound: lower, clampingUpperBound: upper)
    }
}
