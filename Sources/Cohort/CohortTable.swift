import DataExport
import LedgerCore
import Parquet
import Projections

/// One kind of the cohort dataset (`kind=<name>`): the columns of an export table that say
/// nothing about who, where or with what device — no ids, sources, devices, free-text
/// notes, tags, names typed by the person or metadata — and, for interval kinds, the
/// day the interval ends and its length in seconds (so the same SQL runs in every engine).
///
/// Left out entirely: medications, doses, activities and symptoms, whose names the person
/// types, and every kind the export has no table for.
struct CohortTable: Sendable {
    let name: String
    let source: ExportTable
    /// Indices into the export row of the payload columns kept, after the time columns.
    let kept: [Int]
    let addsDuration: Bool
    let columns: [ExportColumn]

    init(_ source: ExportTable, keeping names: [String], addsDuration: Bool = false) {
        self.source = source
        name = source.name
        kept = names.map { name in source.columns.firstIndex { $0.name == name }! }
        self.addsDuration = addsDuration
        columns = [
            ExportColumn("start", .instant), ExportColumn("end", .instant, optional: true), ExportColumn("utc_offset", .integer),
            ExportColumn("local_day", .day), ExportColumn("end_day", .day, optional: true),
        ] + kept.map { source.columns[$0] } + (addsDuration ? [ExportColumn("duration_seconds", .real, optional: true)] : [])
    }

    static let all: [CohortTable] = [
        CohortTable(ExportCatalog.samples, keeping: ["type", "value", "unit"], addsDuration: true),
        CohortTable(ExportCatalog.categories, keeping: ["type", "value"], addsDuration: true),
        CohortTable(ExportCatalog.workouts, keeping: ["activity_type", "duration_seconds", "distance", "distance_unit", "energy", "energy_unit"]),
        CohortTable(ExportCatalog.moods, keeping: ["rating", "scale_min", "scale_max", "normalized"]),
        CohortTable(ExportCatalog.fatigue, keeping: ["rating", "scale_min", "scale_max", "normalized"]),
        CohortTable(ExportCatalog.food, keeping: ["meal", "kcal", "protein", "carbs", "fat"]),
        CohortTable(ExportCatalog.vitals, keeping: ["signal", "sample_count", "sample_rate", "duration_seconds"]),
        CohortTable(ExportCatalog.faces, keeping: ExportCatalog.faces.columns.dropFirst(8).map(\.name)),
    ]

    static let bySource: [String: CohortTable] = Dictionary(uniqueKeysWithValues: all.map { ($0.source.name, $0) })

    /// The cohort table and row of `event` (as it reads now), its times moved by
    /// `shiftDays`; nil for kinds the cohort leaves out.
    static func row(_ event: Event, shiftDays: Int) throws -> (table: CohortTable, values: [ParquetValue])? {
        guard let exported = try EventRow(event, sequence: 0), let table = bySource[exported.table.name] else { return nil }
        let shift = Int64(shiftDays) * 86_400_000_000
        let start = event.start.micros + shift
        let end = event.end.map { $0.micros + shift }
        var values: [ParquetValue] = [
            .int(start), end.map(ParquetValue.int) ?? .null, .int(Int64(event.utcOffset)),
            .int(LocalDay(event.start, utcOffset: event.utcOffset).number + Int64(shiftDays)),
            event.end.map { .int(LocalDay($0, utcOffset: event.utcOffset).number + Int64(shiftDays)) } ?? .null,
        ]
        values += table.kept.map { ParquetDatasetWriter.parquetValue(exported.values[$0]) }
        if table.addsDuration { values.append(end.map { .double(Double($0 - start) / 1_000_000) } ?? .null) }
        return (table, values)
    }

    var parquetColumns: [ParquetColumn] { columns.map(ParquetDatasetWriter.parquetColumn) }
}
