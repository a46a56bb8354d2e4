public import LedgerCore
public import Projections

/// What the analysis-format exporters share: one run over the vault, with the daily
/// metrics read through the caller and their rating columns on the scale it sets.
public protocol PlaintextExporter {
    associatedtype Summary
    /// The scale the daily metrics' rating columns are on, which their headers name.
    var ratingScale: RatingScale { get set }
    /// Writes the export, reading each day's metrics through `metrics`; `progress` gets the rows written so far.
    func run(metrics: (LocalDay) throws -> DayMetrics, progress: (Int) -> Void) throws -> Summary
}

extension SQLiteExporter: PlaintextExporter {}
extension ParquetExporter: PlaintextExporter {}
