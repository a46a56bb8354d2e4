import Foundation
import LedgerCore
import LedgerCrypto
import LedgerStore
import PropertyBased
import Testing
import TestSupport
@testable import HealthImport

/// Issue 42: a Health Auto Export CSV whose header is not a layout this version reads (the app's
/// route and per-workout files) is kept whole, row by row, rather than refused, and a re-sent or
/// grown file stores only its new rows. The route layout is the one the app's route files were
/// seen with (`Timestamp,Latitude,Longitude,Altitude,…`); no public source documents it.
@Suite struct HealthAutoExportUnreadCSVTests {
    let identity = ImportIdentity(key: .random(32))
    static let hongKong = LocalClock(zone: TimeZone(identifier: "Asia/Hong_Kong")!)
    static let routeHeader = "Timestamp,Latitude,Longitude,Altitude (m),Speed (m/s),Course (°),Horizontal Accuracy (m)"

    static func routeRow(_ second: Int, latitude: Double = 22.2793) -> String {
        String(format: "2024-03-10 07:%02d:%02d,%.6f,114.162,12.5,2.9,181.0,4.1", second / 60, second % 60, latitude)
    }

    func read(_ text: String, file: String = "Outdoor Run-Route-20240310.csv") throws -> (events: [Event], summary: ImportSummary) {
        var summary = ImportSummary()
        let reader = HealthAutoExportFile(path: "/sync/" + file, identity: identity, clock: Self.hongKong)
        return (try reader.events(parsing: text, summary: &summary), summary)
    }

    static func layout(_ header: String) throws -> String {
        switch try HealthAutoExportCSV(path: "a.csv", clock: hongKong).layout(of: header.components(separatedBy: ",")) {
        case .metrics: "metrics"
        case .workouts: "workouts"
        case .unread(let reason): "unread: " + reason
        }
    }

    @Test("the header decides: a layout this version reads is read, any other is kept whole, naming why", arguments: [
        ("Date/Time,Step Count (count),Heart Rate [Min] (count/min),Source", "metrics"),
        ("Date,Sleep Analysis [In Bed] (hr),Context", "metrics"),
        ("Workout Type,Start,End,Duration,Distance (km)", "workouts"),
        (routeHeader, "unread: first column 'Timestamp', neither Date/Time (metrics) nor Workout Type (workouts)"),
        ("Date/Time,Mood", "unread: column 'Mood', not Name (unit) or Name [Part] (unit)"),
        ("Date/Time,Step Count [Sum] (count)", "unread: column 'Step Count [Sum] (count)': [Sum] is not a part this version reads for Step Count"),
        ("Workout Type,Date,Duration", "unread: a Workout Type file without a Start column"),
    ])
    func headerDecision(_ header: String, _ expected: String) throws {
        #expect(try Self.layout(header) == expected)
    }

    @Test("a header that contradicts itself, one metric in two units, is still refused")
    func aContradictoryHeaderIsRefused() {
        #expect(throws: ImportError.self) { try Self.layout("Date/Time,Heart Rate [Min] (count/min),Heart Rate [Max] (bpm)") }
    }

    @Test("each row of a route file is one exportElement.recorded: its titles and cells, the file's name, at its time in the zone, counted as unmapped")
    func routeRowsAreKeptWhole() throws {
        let text = [Self.routeHeader, Self.routeRow(0), Self.routeRow(1, latitude: 22.2794)].joined(separator: "\n") + "\n"
        let (events, summary) = try read(text)
        #expect(events.count == 2)
        let first = try events[0].decode(ExportElementRecorded.self)
        #expect(first.element == "HealthAutoExport.csv")
        #expect(first.attributes == [
            "HealthAutoExportFile": "Outdoor Run-Route-20240310.csv", "Timestamp": "2024-03-10 07:00:00", "Latitude": "22.279300",
            "Longitude": "114.162", "Altitude (m)": "12.5", "Speed (m/s)": "2.9", "Course (°)": "181.0", "Horizontal Accuracy (m)": "4.1",
        ])
        #expect(first.children.isEmpty)
        #expect(events[0].start == Fixtures.instant("2024-03-09T23:00:00Z") && events[0].utcOffset == 8 * 3600)
        #expect(events[1].start == Fixtures.instant("2024-03-09T23:00:01Z"))
        #expect(events.allSatisfy { $0.source == .healthAutoExport })
        let note = "Outdoor Run-Route-20240310.csv: a CSV layout this version does not read (first column 'Timestamp', neither Date/Time (metrics) nor Workout Type (workouts)): kept whole as exportElement.recorded (unmapped)"
        #expect(summary.notes == [note: 2], "\(summary.notes)")
        #expect(summary.readByType == ["HealthAutoExport:csv": 2])
    }

    @Test("a row's time is its first cell that reads as a date; a row with none is noted as not stored, never dropped unsaid")
    func rowsWithoutATimeAreNoted() throws {
        let text = """
            Workout,Start,Heart Rate,Note
            Outdoor Run,2024-03-10T07:05,151,
            Outdoor Run,,148,lap
            ,2024-03-10 07:06:00 +0100,149,"a, quoted"

            """
        let (events, summary) = try read(text, file: "Outdoor Run-Heart Rate-20240310.csv")
        #expect(events.count == 2)
        #expect(events[0].start == Fixtures.instant("2024-03-09T23:05:00Z") && events[0].utcOffset == 8 * 3600)
        #expect(events[1].start == Fixtures.instant("2024-03-10T06:06:00Z") && events[1].utcOffset == 3600)
        #expect(try events[1].decode(ExportElementRecorded.self).attributes["Note"] == "a, quoted")
        #expect(try events[0].decode(ExportElementRecorded.self).attributes["Note"] == nil, "an empty cell is no attribute")
        #expect(summary.notes["Outdoor Run-Heart Rate-20240310.csv: a row \(HealthAutoExportFile.notStoredCSVRow)"] == 1, "\(summary.notes)")
    }

    @Test("untitled and repeated columns and cells past the header keep their own attribute: no cell overwrites another")
    func everyCellHasItsOwnAttribute() throws {
        #expect(HealthAutoExportFile.attributeNames(["Time", "", "Value", "Value", "HealthAutoExportFile", "column 2"])
            == ["Time", "column 2", "Value", "column 4", "column 5", "column 6"])
        #expect(HealthAutoExportFile.attributeNames(["column 2", ""]) == ["column 2", "column 2 #2"])
        #expect(HealthAutoExportFile.attributeNames(["Time", HealthAutoExportDeliveryStamp.key]) == ["Time", "column 2"])
        let (events, _) = try read("Time,Value\n2024-03-10 08:00,1,2\n")
        #expect(try events[0].decode(ExportElementRecorded.self).attributes["column 3"] == "2")
    }

    @Test("a bad row of a layout this version reads is still refused, naming file, line and column")
    func aBadRowOfAReadLayoutIsRefused() {
        #expect(throws: ImportError.self) { try read("Date/Time,Step Count (count)\n2024-03-10 08:00:00,lots\n", file: "steps.csv") }
    }

    @Test("a kept file past its bounds is refused naming the file: rows, columns, bytes in a cell", arguments: [
        (HealthAutoExportFile.maximumUnreadCSVRows + 1, 2, 10, "rows"),
        (1, HealthAutoExportFile.maximumUnreadCSVColumns + 1, 10, "columns"),
        (1, 2, HealthAutoExportFile.maximumUnreadCSVCellBytes + 1, "bytes"),
    ])
    func boundsAreKept(rows: Int, columns: Int, cellBytes: Int, what: String) {
        let header = ["Timestamp"] + (1..<columns).map { "C\($0)" }
        let row = ["2024-03-10 08:00:00"] + (1..<columns).map { _ in String(repeating: "9", count: cellBytes) }
        let text = ([header.joined(separator: ",")] + Array(repeating: row.joined(separator: ","), count: rows)).joined(separator: "\n")
        do {
            _ = try read(text)
            Issue.record("accepted \(what)")
        } catch {
            let message = String(describing: error)
            #expect(message.hasPrefix("/sync/Outdoor Run-Route-20240310.csv") && message.contains("more than") && message.contains(what), "\(message)")
        }
    }

    // MARK: Re-sent and grown files

    /// The route of `seconds` (rows at those seconds past 07:00, a repeated second a second row of it).
    static func route(_ seconds: [Int], latitudes: [Double]) -> [String] {
        zip(seconds, latitudes).map { routeRow($0, latitude: $1) }
    }

    static func write(_ lines: [String], to path: String, delivered: Date) throws {
        try ([routeHeader] + lines).joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: delivered], ofItemAtPath: path)
    }

    static func keptRows(_ ledger: Ledger) throws -> [[String: String]] {
        try ledger.currentEvents(ofKinds: [.exportElementRecorded]).map { var attributes = try $0.event.decode(ExportElementRecorded.self).attributes
            attributes[HealthAutoExportDeliveryStamp.key] = nil
            return attributes
        }
    }

    @Test("a kept file delivered as any prefix, then whole, then again: each row is held once, and the last import stores nothing")
    func prefixThenWholeStoresEachRowOnce() async {
        // Steps of 0 repeat a second: two rows at one time are two rows, told apart by their order.
        await propertyCheck(count: 25, input: Gen.int(in: 0...2).array(of: 1...30), Gen.int(in: 0...30), Gen.int(in: 0...4)) { steps, cut, tail in
            do {
                let seconds = steps.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1) }
                let latitudes = seconds.indices.map { 22.27 + Double($0) / 10_000 }
                let whole = Self.route(seconds, latitudes: latitudes)
                let kept = min(cut, whole.count)
                var prefix = Array(whole.prefix(kept))
                // The file may be caught while its next row is written: that row is cut after its time.
                if kept < whole.count, tail > 0 {
                    let row = whole[kept]
                    prefix.append(String(row.prefix(20 + tail * 3)))
                }
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hae-unread-\(UUID().uuidString)").path
                defer { try? FileManager.default.removeItem(atPath: folder) }
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                let path = folder + "/Outdoor Run-Route-20240310.csv"
                let vault = try ScratchVault()
                let ledger = try vault.ledger
                let source = HealthAutoExportFolder(input: path, ledger: ledger, clock: Self.hongKong)
                try Self.write(prefix, to: path, delivered: Date().addingTimeInterval(-60))
                _ = try source.run(into: ledger)
                try Self.write(whole, to: path, delivered: Date())
                let grown = try HealthAutoExportFolder(input: path, ledger: ledger, clock: Self.hongKong).run(into: ledger)
                #expect(grown.appended == whole.count - kept, "only the new rows, and the cut one completed")
                let again = try HealthAutoExportFolder(input: path, ledger: ledger, clock: Self.hongKong).run(into: ledger)
                #expect(again.appended == 0)
                let held = try Self.keptRows(ledger)
                #expect(held.count == whole.count)
                #expect(Set(held.compactMap { $0["Latitude"] }) == Set(latitudes.map { String(format: "%.6f", $0) }))
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test("a re-sent file under another folder keeps its ids; a file of another name is another file's rows")
    func idsFollowTheFileNameAndTheRowsTime() throws {
        let text = [Self.routeHeader, Self.routeRow(0), Self.routeRow(0), Self.routeRow(1)].joined(separator: "\n")
        let ids = try read(text).events.map(\.id)
        #expect(Set(ids).count == 3)
        var summary = ImportSummary()
        let moved = try HealthAutoExportFile(path: "/elsewhere/Outdoor Run-Route-20240310.csv", identity: identity, clock: Self.hongKong)
            .events(parsing: text, summary: &summary).map(\.id)
        #expect(moved == ids)
        #expect(Set(try read(text, file: "Walk-Route-20240310.csv").events.map(\.id)).isDisjoint(with: ids))
    }
}
