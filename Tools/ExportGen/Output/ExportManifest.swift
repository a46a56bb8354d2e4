import Foundation

/// Exact counts of what the generator wrote, for tests and benchmarks to check an importer
/// against.
struct ExportManifest: Equatable {
    /// Top-level elements under `<HealthData>` by name, ExportDate aside.
    var elements: [String: Int] = [:]
    /// Top-level `<Record>`s (not those inside correlations) by `type` and by `sourceName`.
    var recordsByType: [String: Int] = [:]
    var recordsBySource: [String: Int] = [:]
    var correlationsByType: [String: Int] = [:]
    /// `<Record>`s inside correlations; each also appears at top level.
    var correlationChildRecords = 0
    var workoutsWithFileRoute = 0
    var workoutsWithInlineRoute = 0
    var routeFiles = 0
    var ecgFiles = 0
    var hrvRecordsWithBeats = 0
    var hrvBeats = 0

    /// What `--records` asks for: top-level elements other than ExportDate, plus ECG files.
    var total: Int { elements.values.reduce(0, +) + ecgFiles }

    mutating func countElement(_ name: String) { elements[name, default: 0] += 1 }

    mutating func countRecord(type: String, source: String) {
        recordsByType[type, default: 0] += 1
        recordsBySource[source, default: 0] += 1
    }
}
