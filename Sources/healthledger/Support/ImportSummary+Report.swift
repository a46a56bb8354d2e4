import HealthImport
import LedgerCore

extension ImportSummary {
    /// The summary for people: totals, then per type, per source and per skip reason.
    func report(title: String) -> String {
        var lines = ["\(title): read \(read) records; appended \(appended), already stored \(duplicates), skipped \(skippedTotal)"]
        func table(_ heading: String, _ counts: [String: Int]) {
            guard !counts.isEmpty else { return }
            lines.append("  \(heading):")
            let width = counts.keys.map(\.count).max() ?? 0
            for (name, count) in counts.sorted(by: { $0.key < $1.key }) {
                lines.append("    \(name.padding(toLength: width, withPad: " ", startingAt: 0))  \(count)")
            }
        }
        table("by type", readByType)
        table("by source", readBySource)
        if !skipped.isEmpty {
            lines.append("  skipped:")
            for (reason, count) in skipped.sorted(by: { $0.key < $1.key }) {
                lines.append("    \(count) × \(reason)")
                for example in skipExamples[reason] ?? [] { lines.append("        e.g. \(example)") }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The summary for scripts, keys sorted so the output repeats.
    var document: Document {
        func counts(_ table: [String: Int]) -> DocValue {
            .map(Document(table.sorted { $0.key < $1.key }.map { ($0.key, .int(Int64($0.value))) }))
        }
        let skips = skipped.sorted { $0.key < $1.key }.map { reason, count in
            (reason, DocValue.map(["count": .int(Int64(count)), "examples": .array((skipExamples[reason] ?? []).map(DocValue.string))]))
        }
        return [
            "read": .int(Int64(read)), "appended": .int(Int64(appended)), "duplicates": .int(Int64(duplicates)),
            "skippedTotal": .int(Int64(skippedTotal)), "byType": counts(readByType), "bySource": counts(readBySource),
            "skipped": .map(Document(skips)),
        ]
    }
}
