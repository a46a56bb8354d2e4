import LedgerCore

extension ElementEvents {
    /// Hearing sensitivity per frequency; points with no frequency are left out.
    func audiogram(_ element: CapturedElement) throws(RecordProblem) -> Event {
        let points = element.children(named: "SensitivityPoint").compactMap { point -> AudiogramPoint? in
            guard let frequency = point.number("frequencyValue") else { return nil }
            return AudiogramPoint(
                frequency: frequency, leftEar: point.number("leftEarValue"), rightEar: point.number("rightEarValue"),
                leftMasked: point["leftEarMasked"].map(Self.flag), rightMasked: point["rightEarMasked"].map(Self.flag),
                leftClampingRange: Self.range(point, "leftEarClampingRange"), rightClampingRange: Self.range(point, "rightEarClampingRange"))
        }
        guard !points.isEmpty else { throw RecordProblem(reason: "an Audiogram without sensitivity points") }
        return event(AudiogramRecorded(type: element["type"] ?? "HKDataTypeIdentifierAudiogram", points: points, metadata: element.metadata), element)
    }

    private static func flag(_ text: String) -> Bool { ["1", "true", "yes"].contains(text.lowercased()) }

    private static func range(_ point: CapturedElement, _ prefix: String) -> ClosedRange<Double>? {
        guard let lower = point.number(prefix + "LowerBound"), let upper = point.number(prefix + "UpperBound"), lower <= upper else { return nil }
        return lower...upper
    }
}
