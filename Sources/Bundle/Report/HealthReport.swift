import LedgerCore
import Projections

/// `report.pdf`: what a doctor takes in at a glance — the period, key figures, trend
/// charts, then medications with adherence and symptoms.
struct HealthReport {
    let period: ClosedRange<LocalDay>
    let madeOn: String
    let origin: String
    let series: ReportSeries
    let facts: ReportFacts

    var days: Int { Int(period.upperBound.number - period.lowerBound.number + 1) }

    func pdf() -> [UInt8] {
        PDFWriter.document(pages: [overview(), medicationsAndSymptoms()], title: "Health summary \(period.lowerBound) to \(period.upperBound)")
    }

    /// The key figures as (label, value, detail) rows, also checked by tests through `pdftotext`.
    var keyFigures: [(String, String, String)] {
        var rows: [(String, String, String)] = []
        func mean(_ index: Int, _ label: String, _ show: (Double) -> String) {
            guard let value = series.mean(index) else { return rows.append((label, "no data", "")) }
            rows.append((label, show(value), "average of \(ReportFormat.count(series.points[index].count, "day"))"))
        }
        mean(0, "Steps", { "\(ReportFormat.grouped(Int64($0.rounded()))) per day" })
        mean(1, "Resting heart rate", { "\(ReportFormat.decimal($0, digits: 0)) bpm" })
        mean(2, "Sleep", { "\(ReportFormat.decimal($0, digits: 1)) hours per night" })
        let weights = series.points[3]
        if let first = weights.first, let last = weights.last {
            let change = last.value - first.value
            rows.append(("Weight", "\(ReportFormat.decimal(first.value, digits: 1)) kg to \(ReportFormat.decimal(last.value, digits: 1)) kg",
                         "change \(change >= 0 ? "+" : "")\(ReportFormat.decimal(change, digits: 1)) kg over \(ReportFormat.count(weights.count, "weighing"))"))
        } else {
            rows.append(("Weight", "no data", ""))
        }
        mean(4, "Mood", { "\(ReportFormat.decimal($0, digits: 1)) on \(series.ratingScale)" })
        rows.append(("Doses taken", ReportFormat.grouped(Int64(series.doses)), ReportFormat.count(facts.medications.count, "medication")))
        rows.append(("Symptoms reported", ReportFormat.grouped(Int64(series.symptomReports)), ReportFormat.count(facts.symptoms.count, "kind")))
        return rows
    }

    private func overview() -> PDFCanvas {
        var page = PDFCanvas()
        page.text("Health summary", x: 40, y: 56, size: 20, font: .bold)
        page.text("Period: \(period.lowerBound) to \(period.upperBound) (\(ReportFormat.count(days, "day")))", x: 40, y: 78, size: 11)
        page.text("Made \(madeOn) from the ledger \(origin); every figure is re-derivable from events.jsonl.", x: 40, y: 94, size: 8, color: .grey)
        page.text("Key figures", x: 40, y: 124, size: 13, font: .bold)
        var y = 142.0
        for (label, value, detail) in keyFigures {
            page.text(label, x: 40, y: y, size: 10)
            page.text(value, x: 170, y: y, size: 10, font: .bold)
            page.text(detail, x: 350, y: y, size: 8, color: .grey)
            y += 15
        }
        y += 14
        for (index, metric) in ReportSeries.charted.enumerated() {
            ReportChart(title: metric.title, unit: series.unit(index), points: series.chartPoints(index), period: period)
                .draw(on: &page, x: 40, y: y, width: 515, height: 98)
            y += 112
        }
        return page
    }

    private func medicationsAndSymptoms() -> PDFCanvas {
        var page = PDFCanvas()
        page.text("Medications and adherence", x: 40, y: 56, size: 13, font: .bold)
        var y = 76.0
        let medicationColumns: [(String, Double)] = [("Medication", 40), ("Frequency", 190), ("Doses", 330), ("Days taken", 390), ("Adherence", 470)]
        for (title, x) in medicationColumns { page.text(title, x: x, y: y, size: 9, font: .bold) }
        y += 14
        if facts.medications.isEmpty { page.text("No medications recorded.", x: 40, y: y, size: 10); y += 14 }
        for (name, medication) in facts.medications.sorted(by: { $0.key < $1.key }).prefix(30) {
            page.text(name, x: 40, y: y, size: 10)
            page.text([medication.frequency, medication.dosage].compactMap { $0 }.joined(separator: ", "), x: 190, y: y, size: 9)
            page.text(String(medication.doses(in: period)), x: 330, y: y, size: 10)
            let taken = medication.daysTaken(in: period)
            page.text(medication.scheduledDays(in: period).map { "\(taken) of \($0)" } ?? ReportFormat.count(taken, "day"), x: 390, y: y, size: 10)
            page.text(medication.adherence(in: period).map { "\(Int(($0 * 100).rounded(.down)))%" } ?? "as needed", x: 470, y: y, size: 10, font: .bold)
            y += 14
        }
        page.text("Days taken: days with a dose of the days the schedule asked for one (from the medication's start, by its frequency).",
                  x: 40, y: y + 4, size: 7, color: .grey)
        page.text("Adherence: doses taken / doses the frequency asks for on those days (capped at 100%).", x: 40, y: y + 13, size: 7, color: .grey)
        y += 42
        page.text("Symptoms", x: 40, y: y, size: 13, font: .bold)
        y += 20
        for (title, x) in [("Symptom", 40.0), ("Reports", 230.0), ("Worst severity", 300.0), ("Last reported", 420.0)] {
            page.text(title, x: x, y: y, size: 9, font: .bold)
        }
        y += 14
        if facts.symptoms.isEmpty { page.text("No symptoms reported.", x: 40, y: y, size: 10) }
        let severities = ["none", "mild", "moderate", "severe"]
        for (name, symptom) in facts.symptoms.sorted(by: { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }).prefix(40) {
            page.text(name, x: 40, y: y, size: 10)
            page.text(String(symptom.count), x: 230, y: y, size: 10)
            page.text(severities[min(symptom.worst, 3)], x: 300, y: y, size: 10)
            page.text(symptom.last?.description ?? "", x: 420, y: y, size: 10)
            y += 14
        }
        return page
    }
}
