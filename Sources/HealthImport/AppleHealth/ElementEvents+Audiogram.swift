import LedgerCore

extension ElementEvents {
    /// Hearing sensitivity per frequency; points with no frequency are left out.
    func audiogram(_ element: CapturedElement) throws(RecordProblem) -> Event {
        let points = element.children(named: "SensitivityPoint").compactMap { point -> AudiogramPoint? in
            guard let frequency = point.number("frequencyValue") else { return nil }
            return AudiogramPoint(frequency: frequency, left: Self.ear(point, "leftEar"), right: Self.ear(point, "rightEar"))
        }
        guard !points.isEmpty else { throw RecordProblem(reason: "an Audiogram without sensitivity points") }
        return event(AudiogramRecorded(type: element["type"] ?? "HKDataTypeIdentifierAudiogram", points: points, metadata: element.metadata), element)
    }

    private static func ear(_ point: CapturedElement, _ prefix: String) -> EarSensitivity? {
        guard let sensitivity = point.number(prefix + "Value") else { return nil }
        return EarSensitivity(
            sensitivity: sensitivity, masked: point[prefix + "Masked"].map { ["1", "true", "yes"].contains($0.lowercased()) },
            clampingLowerBound: point.number(prefix + "ClampingRangeLowerBound"),
            clampingUpperBound: point.number(prefix + "ClampingRangeUpperBound"))
    }
}
