import Foundation
import LedgerCore

/// How the captures' features moved between two states, for the replay report:
/// "face-models: extractor v1 → v2 re-derived 12 captures; largest mean changes:
/// eyeOpennessLeft +0.031, …".
struct FaceFeatureChanges {
    var added = 0
    var removed = 0
    var changed = 0
    /// "v1 → v2" and how many captures made that move.
    var versionMoves: [String: Int] = [:]
    var sums = [Double](repeating: 0, count: FaceFeature.allCases.count)

    init(old: FaceModelsState, new: FaceModelsState) {
        let before = Dictionary(uniqueKeysWithValues: old.allCaptures.map { ($0.id, $0) })
        let after = new.allCaptures
        removed = Set(before.keys).subtracting(after.map(\.id)).count
        for capture in after {
            guard let previous = before[capture.id] else { added += 1; continue }
            guard previous != capture else { continue }
            changed += 1
            if previous.extractorVersion != capture.extractorVersion {
                versionMoves["\(Self.origin(previous.extractorVersion)) → \(Self.origin(capture.extractorVersion))", default: 0] += 1
            }
            if let a = previous.features, let b = capture.features {
                for index in sums.indices { sums[index] += b.values[index] - a.values[index] }
            }
        }
    }

    func lines(name: String) -> [String] {
        var parts: [String] = []
        if added > 0 { parts.append("\(added) capture\(added == 1 ? "" : "s") added") }
        if removed > 0 { parts.append("\(removed) removed") }
        if changed > 0 { parts.append("features of \(changed) re-derived") }
        var lines = ["\(name): " + (parts.isEmpty ? "no capture changed" : parts.joined(separator: ", "))]
        for (move, count) in versionMoves.sorted(by: { $0.key < $1.key }) {
            lines.append("  extractor \(move): \(count) capture\(count == 1 ? "" : "s")")
        }
        let deltas = FaceFeature.allCases.indices.filter { sums[$0] != 0 }
            .sorted { abs(sums[$0]) > abs(sums[$1]) }
            .prefix(3)
            .map { "\(FaceFeature.allCases[$0].rawValue) \(Self.signed(sums[$0] / Double(max(changed, 1))))" }
        if !deltas.isEmpty { lines.append("  largest mean changes: " + deltas.joined(separator: ", ")) }
        return lines
    }

    private static func origin(_ version: Int) -> String { version == 0 ? "ShareHealth's features" : "v\(version)" }

    private static func signed(_ value: Double) -> String {
        (value >= 0 ? "+" : "") + String(format: abs(value) >= 10 ? "%.1f" : "%.4f", value)
    }
}
