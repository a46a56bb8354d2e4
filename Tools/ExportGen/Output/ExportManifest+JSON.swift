import Foundation

extension ExportManifest {
    /// The manifest as pretty JSON with sorted keys, with what it was generated from.
    func json(settings: ExportSettings, days: Int, firstDay: CivilDate, xmlPath: String) throws -> Data {
        var firstDayText = XMLBytes()
        firstDayText.appendCalendarDate(firstDay)
        let document: [String: Any] = [
            "requestedRecords": settings.targetTotal,
            "seed": settings.seed,
            "quirks": settings.quirks,
            "locale": settings.locale.identifier,
            "xmlPath": xmlPath,
            "firstDay": String(decoding: firstDayText.bytes, as: UTF8.self),
            "days": days,
            "total": total,
            "elements": elements,
            "recordsByType": recordsByType,
            "recordsBySource": recordsBySource,
            "correlationsByType": correlationsByType,
            "correlationChildRecords": correlationChildRecords,
            "workoutsWithFileRoute": workoutsWithFileRoute,
            "workoutsWithInlineRoute": workoutsWithInlineRoute,
            "routeFiles": routeFiles,
            "ecgFiles": ecgFiles,
            "hrvRecordsWithBeats": hrvRecordsWithBeats,
            "hrvBeats": hrvBeats,
        ]
        return try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
    }
}
