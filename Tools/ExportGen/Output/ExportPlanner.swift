/// The first pass: renders days in order, all streams of a day before the next, counting
/// elements and bytes without keeping them, until the requested total is reached. Days
/// come out the same in any order, so the second pass — which writes stream by stream, as
/// Health groups records by type — produces exactly what was counted here.
struct ExportPlanner {
    let document: ExportDocument

    func layout() -> ExportLayout {
        let settings = document.schedule.settings
        var writer = ExportXMLWriter(budget: settings.targetTotal, zone: document.schedule.home)
        document.header(exportDate: 0, into: &writer)
        document.trailer(into: &writer)
        var size = Int64(writer.text.count)
        writer.text.removeAll()
        var day = 0
        while true {
            for stream in ExportStream.allCases {
                let budget = writer.budget
                document.chunk(stream, day: day, into: &writer)
                size += Int64(writer.text.count)
                writer.text.removeAll()
                if writer.budget == 0 {
                    let exportDate = document.planner.midnight(ofDay: day + 1) + 9 * 3600 + 41 * 60 + 7
                    return ExportLayout(days: day + 1, lastStream: stream, lastStreamBudget: budget, xmlSize: size,
                                        manifest: writer.manifest, exportDate: exportDate)
                }
            }
            day += 1
        }
    }
}
