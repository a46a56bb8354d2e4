import Foundation
public import LedgerCore
public import LedgerStore
import Parquet
public import Projections

/// Writes every export table as Parquet under one folder, streaming the log once (after a
/// pass that gathers corrections and retractions), then the daily rows.
///
/// Timestamps: `start` and `end` are instants, stored as TIMESTAMP(MICROS, isAdjustedToUTC
/// = true), so every reader shows the same moment (in its own session time zone);
/// `utc_offset` (seconds east of UTC) and `local_day` (DATE) say where and on which
/// calendar day the event happened.
public struct ParquetExporter {
    public struct Summary: Sendable {
        public var rows: [String: Int] = [:]
        public var days = 0
        public var toSequence: UInt64 = 0
    }

    let ledger: Ledger
    let directory: String
    /// The scale the daily metrics' rating columns are on, which their headers name.
    public var ratingScale = RatingScale.standard
    /// Only the events that started on these days and these days' metrics; nil for all.
    public var days: ClosedRange<LocalDay>?

    public init(ledger: Ledger, directory: String) {
        self.ledger = ledger
        self.directory = directory
    }

    /// Where the tables are written before they are moved into `directory` together: an
    /// export that fails leaves the folder as it was, never some tables or partitions of it.
    var staging: String { directory + "/.healthledger-staging" }

    public func run(metrics: (LocalDay) throws -> DayMetrics, progress: (Int) -> Void = { _ in }) throws -> Summary {
        let manager = FileManager.default
        do {
            if manager.fileExists(atPath: staging) { try manager.removeItem(atPath: staging) }
            let summary = try write(into: staging, metrics: metrics, progress: progress)
            try moveIntoPlace()
            return summary
        } catch {
            try? manager.removeItem(atPath: staging)
            switch error {
            case let error as ParquetError:
                guard let path = error.path else { throw ExportError.unwritable(path: directory, reason: "\(error)") }
                if error.isDiskFull { throw ExportError.diskFull(path: path) }
                throw ExportError.unwritable(path: path, reason: (error.systemReason ?? "\(error)") + "; nothing of this export was kept")
            case let error as ExportError: throw error
            default: throw ExportError.unwritable(path: directory, reason: "\(error); nothing of this export was kept")
            }
        }
    }

    /// Hands every event to export, as it reads now: those of `days` (through the day index,
    /// without `stream`), or the stream's, of `days` only when some are given.
    private func eachEvent(
        of days: ClosedRange<LocalDay>?, stream: CurrentEventStream?, end: UInt64, _ body: (CurrentEvent) throws -> Void
    ) throws {
        if let stream {
            try stream.forEach { current in
                if days?.contains(LocalDay(current.stored.event.start, utcOffset: current.stored.event.utcOffset)) ?? true { try body(current) }
            }
        } else if let days {
            try ledger.forEach(onDays: days, current: true) { stored, current in
                // Cannot fail: with `current`, every event handed over comes with its current form
                if stored.sequence < end { try body(current!) }
                return true
            }
        }
    }

    /// Puts each staged table in place of the one an earlier export wrote (if any).
    private func moveIntoPlace() throws {
        for table in ExportCatalog.all {
            let target = directory + "/" + table.name
            let staged = staging + "/" + table.name
            guard FileManager.default.fileExists(atPath: staged) else { continue }
            if FileManager.default.fileExists(atPath: target) {
                guard rename(target, staging + "/old-" + table.name) == 0 else {
                    throw ExportError.unwritable(path: target, reason: String(cString: strerror(errno)))
                }
            }
            guard rename(staged, target) == 0 else { throw ExportError.unwritable(path: target, reason: String(cString: strerror(errno))) }
        }
        try FileManager.default.removeItem(atPath: staging)
    }

    private func write(into folder: String, metrics: (LocalDay) throws -> DayMetrics, progress: (Int) -> Void) throws -> Summary {
        // A range of days up to a year is read through the day index; a longer one is a pass
        // over the log, as the bundle's and `log`'s (`Ledger.daysReadThroughIndex`).
        let throughIndex = days.map { $0.upperBound.number - $0.lowerBound.number < Int64(Ledger.daysReadThroughIndex) } ?? false
        let stream = try throughIndex ? nil : CurrentEventStream(ledger: ledger, from: 0)
        let end = try stream?.end ?? ledger.count()
        var metadata = [
            ("healthledger.vault_id", ledger.header.vaultID), ("healthledger.next_sequence", String(end)),
            ("healthledger.timestamps", "start/end: UTC instants; utc_offset: seconds east of UTC where it happened; local_day: the date there"),
        ]
        if let days { metadata.append(("healthledger.local_days", "\(days.lowerBound)...\(days.upperBound)")) }
        let dataset = ParquetDatasetWriter(directory: folder, metadata: metadata)
        for table in ExportCatalog.eventTables { try dataset.prepare(table) }
        var firstDay = days?.lowerBound
        var lastDay = days?.upperBound
        var count = 0
        try eachEvent(of: days, stream: stream, end: end) { current in
            guard !current.isRetracted, let row = try EventRow(current.event, sequence: current.stored.sequence) else { return }
            do {
                try dataset.append(row.table, row.values)
            } catch let error as ParquetError where !error.isDiskFull {
                // Which record could not be written, so the person can look at it (`show`).
                throw ExportError.unwritable(
                    path: error.path ?? folder,
                    reason: "event #\(current.stored.sequence) (\(current.event.kind.rawValue), table \(row.table.name)): "
                        + "\(error.systemReason ?? "\(error)"); nothing of this export was kept")
            } catch let error as CocoaError {
                throw ExportError.unwritable(
                    path: folder, reason: "event #\(current.stored.sequence) (\(current.event.kind.rawValue), table \(row.table.name)): "
                        + "\(error.localizedDescription); nothing of this export was kept")
            }
            if days == nil {
                let day = LocalDay(current.event.start, utcOffset: current.event.utcOffset)
                firstDay = min(firstDay ?? day, day)
                lastDay = max(lastDay ?? day, day)
            }
            count += 1
            if count % 10_000 == 0 { progress(count) }
        }
        var summary = Summary()
        if let firstDay, let lastDay {
            for number in firstDay.number...lastDay.number {
                try dataset.append(ExportCatalog.dailyMetrics, DailyMetricRow(try metrics(LocalDay(number: number))).values)
            }
            summary.days = Int(lastDay.number - firstDay.number + 1)
        } else {
            try dataset.prepare(ExportCatalog.dailyMetrics)
        }
        for column in MetricCatalog.columns {
            try dataset.append(ExportCatalog.dailyMetricColumns, [.text(column.key), .text(column.header(on: ratingScale))])
        }
        try dataset.close()
        summary.rows = dataset.rowsWritten
        summary.toSequence = end
        return summary
    }
}
