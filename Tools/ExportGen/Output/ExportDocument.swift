/// export.xml as a sequence of pieces — the header, then each stream for each day, then
/// the one-off elements and the end — that both of the generator's passes walk in the
/// same way.
struct ExportDocument {
    let schedule: ExportSchedule
    let planner: DayPlanner

    init(schedule: ExportSchedule) {
        self.schedule = schedule
        planner = DayPlanner(schedule: schedule)
    }

    /// The XML declaration, DTD, `<HealthData>`, `<ExportDate>` and `<Me>`. Its length does
    /// not depend on `exportDate`.
    func header(exportDate: Int64, into writer: inout ExportXMLWriter) {
        writer.text.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        writer.text.append(schedule.settings.quirks ? ExportDTD.brokenByIOS16 : ExportDTD.current)
        writer.text.append("\n<HealthData locale=\"\(schedule.settings.locale.identifier)\">\n <ExportDate value=\"")
        writer.setZone(schedule.home)
        writer.date(exportDate)
        writer.text.append("\"/>\n")
        OneOffElements(schedule: schedule, planner: planner).me(into: &writer)
    }

    /// The day's part of one stream.
    func chunk(_ stream: ExportStream, day: Int, into writer: inout ExportXMLWriter) {
        var renderer = DayRenderer(plan: planner.plan(day: day), schedule: schedule, stream: stream)
        renderer.render(stream, into: &writer)
    }

    func trailer(into writer: inout ExportXMLWriter) {
        OneOffElements(schedule: schedule, planner: planner).trailer(into: &writer)
        writer.text.append("</HealthData>\n")
    }
}
