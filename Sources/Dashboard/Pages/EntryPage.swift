import Charts
import Foundation
import LedgerApplication
import LedgerCore
import LedgerStore

/// Quick entry: one small form per command (mood, fatigue, symptom, dose, food, weight,
/// start, stop). Each is validated and turned into events by the builder the command of the same name uses.
struct EntryPage {
    /// Each form: its kind, title, and fields (name, label, input type, placeholder).
    static let forms: [(kind: String, title: String, fields: [(name: String, label: String, type: String, hint: String)])] = [
        ("mood", "Mood", [("rating", "Rating 1–10", "number", "7"), ("note", "Note", "text", "")]),
        ("fatigue", "Fatigue", [("rating", "Rating 1–10", "number", "3"), ("note", "Note", "text", "")]),
        ("symptom", "Symptom", [("name", "Symptom", "text", "headache"), ("severity", "Severity 0–3", "text", "1"), ("note", "Note", "text", "")]),
        ("dose", "Dose", [("medication", "Medication", "text", "Ibuprofen"), ("dosage", "Dosage", "text", "200mg"), ("note", "Note", "text", "")]),
        ("food", "Food", [("name", "Food", "text", "Oatmeal"), ("kcal", "kcal", "number", "350"), ("protein", "Protein g", "number", ""),
                          ("carbs", "Carbs g", "number", ""), ("fat", "Fat g", "number", ""), ("meal", "Meal", "text", "breakfast")]),
        ("weight", "Weight", [("weight", "Weight", "text", "72.4kg")]),
        ("start", "Start activity", [("name", "Activity", "text", "Reading")]),
        ("stop", "Stop activity", [("name", "Activity (empty: the last)", "text", "")]),
    ]

    let context: PageContext

    /// Stores the form's events; the notice says what was stored or why nothing was.
    func record(_ form: [String: String]) -> (ok: Bool, text: String) {
        guard let kind = form["kind"], Self.forms.contains(where: { $0.kind == kind }) else {
            return (false, "Unknown entry kind: choose one of the forms below.")
        }
        var fields = form
        fields["csrf"] = nil
        do {
            let events = try QuickEntry(kind: kind, fields: fields).events(ledger: context.ledger)
            let outcome = try VaultApplication(context.ledger, viewsBehind: VaultApplication.viewsBehindOnStandardError).append(events)
            let stored = zip(outcome.appended, events).map { "#\($0) \($1.kind.rawValue) \(EventSummary.text($1))" }
            return (true, "Stored " + stored.joined(separator: "; "))
        } catch {
            return (false, "\(error)")
        }
    }

    func render(notice: (ok: Bool, text: String)?) throws -> (title: String, html: String) {
        var html = notice.map { "<p class=\"notice \($0.ok ? "good" : "bad")\" id=\"notice\" role=\"status\">\(Markup.escape($0.text))</p>" } ?? ""
        html += "<div class=\"grid\">"
        for form in Self.forms {
            let inputs = form.fields.map { field in
                let step = field.type == "number" ? " step=\"any\"" : ""
                return "<label>\(field.label)<input name=\"\(field.name)\" type=\"\(field.type)\"\(step) placeholder=\"\(field.hint.isEmpty ? "" : "e.g. " + Markup.escape(field.hint))\"></label>"
            }.joined()
            html += """
                <section class="card"><h2>\(form.title)</h2><form class="entry" method="post" action="/entry" id="entry-\(form.kind)">\
                \(context.csrfField)<input type="hidden" name="kind" value="\(form.kind)">\(inputs)\
                <label>When (empty: now)<input name="at" type="text" placeholder="e.g. 20m ago"></label><button>Save</button></form></section>
                """
        }
        return ("Quick entry", html + "</div>")
    }
}
