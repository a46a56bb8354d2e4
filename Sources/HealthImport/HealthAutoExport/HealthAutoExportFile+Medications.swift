import Foundation
import LedgerCore

/// The entries of `data.medications[]`: Health's medication dose events (iOS 26), one per
/// scheduled or as-needed dose, with the status the person (or the system) gave it.
///
/// `{"displayText", "nickname", "start", "end", "scheduledDate", "form", "status", "isArchived",
/// "dosage", "codings"}`. Only `Taken` is a dose: a `dose.taken` at `start`, when it was taken.
/// Every other status (`Skipped`, `Snoozed`, `Not Interacted`, `Notification Not Sent`,
/// `Not Logged`, `Unspecified`) says a dose was not taken, or not yet: it is kept whole, never
/// counted as a dose, and noted by status. `dosage` is a count of the medication's form
/// (`2` of a `Tablet` is 2 tablets; the strength belongs to the medication, `Aspirin 81 mg`);
/// a form that is not a dose unit leaves the dose without a dosage, its amount in the note.
extension HealthAutoExportFile {
    static let keptMedicationElement = "HealthAutoExport.medication"

    /// The statuses Health gives a dose event, as the app writes them; only `Taken` is a dose.
    static let medicationStatuses = ["Taken", "Skipped", "Snoozed", "Not Interacted", "Notification Not Sent", "Not Logged", "Unspecified"]

    /// Health's forms whose count is a dose unit; a liquid's or a cream's amount has no unit the app sends.
    static let countedForms: [String: DoseUnit] = ["tablet": .tablets, "capsule": .capsules, "drops": .drops]

    func medication(_ entry: Document, field: String, summary: inout ImportSummary) throws(ImportError) -> Event {
        guard case .string(let concept)? = entry["displayText"], !concept.isEmpty else {
            throw .malformed(path, column: field + ".displayText", "the medication has no name")
        }
        guard case .string(let status)? = entry["status"] else {
            throw .malformed(path, column: field + ".status", "missing or not text: one of \(Self.medicationStatuses.joined(separator: ", ")) was expected")
        }
        let (start, offset) = try date(entry, "start", field: field)
        let end = try end(of: entry, after: start, field: field)
        let scheduled = try entry["scheduledDate"].flatMap { value throws(ImportError) in
            value == .null ? nil : try date(entry, "scheduledDate", field: field)
        }
        let amount = try entry["dosage"].flatMap { value throws(ImportError) in value == .null ? nil : try number(entry, "dosage", field: field) }
        let app = pointSource(entry)
        // The medication, the dose's slot (its scheduled time, or when an as-needed one was
        // logged) and the source, never its amount or which non-dose status: a re-send stores
        // nothing, and a changed amount, or a skipped dose later marked snoozed, is a correction.
        // A dose and a kept record have ids apart, since a correction keeps its target's kind.
        let slot = scheduled.map { "scheduled " + String($0.timestamp.micros) } ?? "logged " + String(start.micros)
        let key = ["medication", concept, slot, app ?? ""]
        let source = entrySource(app)
        guard status.caseInsensitiveCompare("Taken") == .orderedSame else {
            let (attributes, children) = Self.flattened(entry)
            summary.note("a medication entry with status '\(status)': not a dose taken, kept whole as exportElement.recorded (unmapped)")
            summary.count(type: "HealthAutoExport:medications", source: source.name)
            let payload = ExportElementRecorded(element: Self.keptMedicationElement, attributes: attributes, children: children)
            return Event(payload, id: identity.id(Self.idNamespace, key + ["kept"]), start: start, end: end, utcOffset: offset, source: source)
        }
        var notes: [String] = []
        let nickname = entry["nickname"].map(Self.text).flatMap { $0.isEmpty ? nil : $0 }
        if let nickname, nickname != concept { notes.append("Health's name: \(concept)") }
        let dosage = try dosage(amount, of: entry, field: field, notes: &notes, summary: &summary)
        if let scheduled, case .string(let text)? = entry["scheduledDate"], scheduled.timestamp != start { notes.append("scheduled \(text)") }
        notes += try codings(entry, field: field)
        let payload = DoseTaken(medication: nickname ?? concept, dosage: dosage, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
        return Event(payload, id: identity.id(Self.idNamespace, key), start: start, utcOffset: offset, source: source)
    }

    /// `amount` of the entry's form (`units` when the app names a dose unit there), or nil
    /// with the amount said in `notes` when the form has no unit a dose is counted in.
    private func dosage(_ amount: Double?, of entry: Document, field: String, notes: inout [String], summary: inout ImportSummary) throws(ImportError) -> Dosage? {
        guard let amount else {
            summary.note("a medication taken without a dosage: stored as a dose without one")
            return nil
        }
        guard amount > 0 else { throw .malformed(path, column: field + ".dosage", "\(Self.amountText(amount)) is not an amount taken: a dose taken is more than 0") }
        let form = entry["form"].map(Self.text) ?? ""
        let units = entry["units"].map(Self.text) ?? ""
        if let unit = DoseUnit(parsing: units) ?? Self.countedForms[form.lowercased()] { return Dosage(amount: amount, unit: unit) }
        notes.append("amount \(Self.amountText(amount))\(form.isEmpty ? "" : " (\(form))"), in no unit the app sends")
        summary.note("a medication taken in a form whose amount has no dose unit (\(form.isEmpty ? "no form" : form)): stored without a dosage, its amount in the note")
        return nil
    }

    /// The entry's codings as a note says them (`RxNorm 1191`).
    private func codings(_ entry: Document, field: String) throws(ImportError) -> [String] {
        var said: [String] = []
        for (index, item) in try array(entry["codings"], field: field + ".codings").enumerated() {
            guard case .map(let coding) = item, case .string(let code)? = coding["code"], !code.isEmpty else {
                throw .malformed(path, column: "\(field).codings[\(index)]", "a coding without its code")
            }
            let system = coding["system"].map(Self.text) ?? ""
            said.append("\(system.lowercased().contains("rxnorm") ? "RxNorm" : system) \(code)".trimmingCharacters(in: .whitespaces))
        }
        return said
    }

    /// `2`, `0.5`: an amount as a person writes it.
    static func amountText(_ amount: Double) -> String {
        amount == amount.rounded() && abs(amount) < 1e15 ? String(Int64(amount)) : String(amount)
    }
}
