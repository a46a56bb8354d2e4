import Charts
import Foundation
import HealthBundle
import LedgerCore
import Projections
import Query

/// Adherence per medication over some days: doses due and taken, counted by the function
/// the health report's "Medications and adherence" table uses, from the medications and
/// doses as the query language lists them (corrections applied, retractions left out).
struct AdherenceSection {
    let data: QueryData

    /// `title` defaults to the period ("Adherence, 2026-03-01 to 2026-03-14").
    func render(_ days: ClosedRange<LocalDay>, title: String? = nil) throws -> String {
        let definitions = try QueryEngine.run("medication", data: data)
        let doses = try QueryEngine.run("dose where between \(days.lowerBound) and \(days.upperBound)", data: data)
        let table = MedicationAdherence.table(
            definitions: zip(definitions.rows, Self.days(definitions)).compactMap { row, day in
                guard let name = Self.text(row, "name", in: definitions) else { return nil }
                return .init(name: name, frequency: Self.text(row, "frequency", in: definitions), startedOn: Self.text(row, "startedOn", in: definitions), definedOn: day)
            },
            doses: zip(doses.rows, Self.days(doses)).compactMap { row, day in Self.text(row, "medication", in: doses).map { (medication: $0, day: day) } },
            in: days)
        let rows = table.map { medication in
            let due = medication.dosesDue.map(NumberText.format) ?? "—"
            let adherence = medication.adherence.map { "\(Int(($0 * 100).rounded(.down))) %" } ?? "as needed"
            let key = "adherence-" + medication.name.lowercased().filter { $0.isLetter || $0.isNumber }
            return """
                <tr data-medication="\(Markup.escape(medication.name))"><td>\(Markup.escape(medication.name))</td><td class="wide-only">\(Markup.escape(medication.frequency ?? "—"))</td>\
                <td data-key="\(key)-taken" data-value="\(medication.dosesTaken)">\(medication.dosesTaken)</td><td>\(due)</td>\
                <td class="wide-only">\(medication.scheduledDays.map { "\(medication.daysTaken) of \($0)" } ?? "\(medication.daysTaken)")</td>\
                <td data-key="\(key)" data-value="\(medication.adherence.map { String($0) } ?? "")"><strong>\(adherence)</strong></td></tr>
                """
        }.joined()
        return """
            <section class="card scroll" id="adherence"><h2>\(Markup.escape(title ?? "Adherence, \(days.lowerBound) to \(days.upperBound)"))</h2>\
            <table class="numeric"><tr><th>Medication</th><th class="wide-only">Frequency</th><th>Taken</th><th>Due</th><th class="wide-only">Days taken</th><th>Adherence</th></tr>\(rows)</table>\
            \(table.isEmpty ? "<p class=\"muted\">No medications defined or taken.</p>" : "")\
            <p class="muted">Days taken: days with a dose of the days the schedule asked for one (from the medication's start, by its frequency). \
            Adherence: doses taken ÷ doses due, capped at 100 %, as in the health report of <code>export bundle</code>.</p></section>
            """
    }

    /// The local day each row of a listing starts on.
    private static func days(_ result: QueryResult) -> [LocalDay] {
        (result.times ?? []).map { LocalDay(number: Int64((Double($0) / 86_400_000_000).rounded(.down))) }
    }

    private static func text(_ row: [QueryValue], _ column: String, in result: QueryResult) -> String? {
        guard let index = result.columns.firstIndex(where: { $0.title == column }), case .text(let text) = row[index], !text.isEmpty else { return nil }
        return text
    }
}
