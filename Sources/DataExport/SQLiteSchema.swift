import Foundation

/// The SQLite export's DDL: tables with keys, references and indexes, the state table that
/// makes re-runs incremental, and views for common questions.
enum SQLiteSchema {
    /// Bumped when the tables change; a file of another version is rebuilt only with --force.
    static let version = "2"

    static func statements() -> [String] {
        var statements = ["CREATE TABLE export_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)"]
        for table in ExportCatalog.all {
            statements.append(createTable(table))
            for columns in table.indexed {
                statements.append("CREATE INDEX \(quote("\(table.name)_by_\(columns.joined(separator: "_"))")) ON \(quote(table.name)) (\(columns.map(quote).joined(separator: ", ")))")
            }
        }
        return statements + views
    }

    static func createTable(_ table: ExportTable) -> String {
        let columns = table.columns.map { column in
            var text = quote(column.name) + " " + sqlType(column.kind)
            if column.name == table.primaryKey {
                text += " PRIMARY KEY"
            } else if column.name == "id" {
                text += " NOT NULL UNIQUE"
            } else if !column.isOptional {
                text += " NOT NULL"
            }
            if let references = column.references { text += " REFERENCES \(references) DEFERRABLE INITIALLY DEFERRED" }
            return text
        }
        return "CREATE TABLE \(quote(table.name)) (\(columns.joined(separator: ", ")))"
    }

    static func sqlType(_ kind: ExportColumn.Kind) -> String {
        switch kind {
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text, .instant, .day: "TEXT"
        }
    }

    static func quote(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    static let views = [
        """
        CREATE VIEW sample_types AS
          SELECT type, unit, count(*) AS samples, min(local_day) AS first_day, max(local_day) AS last_day
          FROM samples GROUP BY type, unit
        """,
        """
        CREATE VIEW daily_sample_totals AS
          SELECT local_day, type, unit, count(*) AS samples, sum(value) AS total, avg(value) AS mean,
                 min(value) AS minimum, max(value) AS maximum
          FROM samples GROUP BY local_day, type, unit
        """,
        """
        CREATE VIEW mood_by_day AS
          SELECT local_day, count(*) AS ratings, avg(normalized) AS mean, min(normalized) AS lowest, max(normalized) AS highest
          FROM moods GROUP BY local_day
        """,
        """
        CREATE VIEW doses_by_day AS
          SELECT local_day, medication, unit, count(*) AS doses, sum(amount) AS total_amount
          FROM doses GROUP BY local_day, medication, unit
        """,
        """
        CREATE VIEW symptoms_by_day AS
          SELECT local_day, name, count(*) AS reports, max(severity) AS worst
          FROM symptoms GROUP BY local_day, name
        """,
        """
        CREATE VIEW activity_sessions AS
          SELECT started.id AS started_id, started.name, started.start AS started, stopped.start AS stopped,
                 round((julianday(stopped.start) - julianday(started.start)) * 1440, 2) AS minutes
          FROM activities AS started
          LEFT JOIN activities AS stopped ON stopped.action = 'stopped' AND stopped.started_by = started.id
          WHERE started.action = 'started'
        """,
        """
        CREATE VIEW sleep_and_next_day_mood AS
          SELECT night.date, night.sleep_total AS sleep_hours, next.mood_avg AS next_day_mood
          FROM daily_metrics AS night JOIN daily_metrics AS next ON next.date = date(night.date, '+1 day')
          WHERE night.sleep_total IS NOT NULL AND next.mood_avg IS NOT NULL
        """,
        """
        CREATE VIEW resting_heart_rate_by_week AS
          SELECT strftime('%Y-W%W', date) AS week, avg(resting_heart_rate) AS mean_resting_heart_rate, count(resting_heart_rate) AS days
          FROM daily_metrics WHERE resting_heart_rate IS NOT NULL GROUP BY week
        """,
    ]
}
