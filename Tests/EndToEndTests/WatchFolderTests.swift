import Foundation
import Glibc
import Testing
import TestSupport

/// Issue 42, step 4: `watch DIR` imports each new or grown file once, as a synced folder delivers it.
@Suite struct WatchFolderTests {
    /// What `descriptor` has written so far, read until `done` holds of it or 60 s pass.
    static func read(_ descriptor: Int32, into text: inout String, until done: (String) -> Bool) {
        let deadline = Date().addingTimeInterval(60)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !done(text), Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 500) > 0 else { continue }
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return }
            text += String(decoding: buffer[..<count], as: UTF8.self)
        }
    }

    static func summaries(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test func newAndChangedFilesAreImportedOnceEachAndAMalformedOneIsReported() throws {
        let vault = try CLIVault()
        let folder = vault.root + "/Sync"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try HealthAutoExportImportTests.write(HealthAutoExportImportTests.morning, to: folder + "/already-there.json")
        let watch = try SpawnedCLI(["watch", folder, "--json", "--vault", vault.path, "--passphrase-file", vault.passphraseFile])
        defer { kill(watch.pid, SIGTERM); _ = watch.wait() }
        var errors = "", output = ""
        Self.read(watch.errors, into: &errors) { $0.contains("watching \(folder)") }
        #expect(errors.contains("watching \(folder) for Health Auto Export files"), "\(errors)")
        Self.read(watch.output, into: &output) { Self.summaries($0).count == 1 }
        #expect(Self.summaries(output).first?["stored"] as? Int == 4)

        // Delivered as sync tools do: written under another name, then renamed in.
        try HealthAutoExportImportTests.write(HealthAutoExportImportTests.later, to: vault.root + "/later.tmp")
        try FileManager.default.createDirectory(atPath: folder + "/2024", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: vault.root + "/later.tmp", toPath: folder + "/2024/later.json")
        Self.read(watch.output, into: &output) { Self.summaries($0).count == 2 }
        let later = try #require(Self.summaries(output).last)
        #expect(later["input"] as? String == folder + "/2024/later.json")
        #expect(later["stored"] as? Int == 2)

        try "{\"data\": {\"metrics\": [{\"name\": \"step_count\"".write(toFile: folder + "/cut.json", atomically: false, encoding: .utf8)
        Self.read(watch.errors, into: &errors) { $0.contains("cut.json") }
        #expect(errors.contains(folder + "/cut.json: not JSON as Health Auto Export writes it"), "\(errors)")

        // The first file grows by a point, and carries 09:00 as the app now knows it: read
        // again, only the new point stored.
        let grown = HealthAutoExportImportTests.morning.replacingOccurrences(of: #""qty": 1200"#, with: #""qty": 1500"#).replacingOccurrences(
            of: #"{"date": "2024-03-10 08:30:00 +0800", "qty": 25}"#,
            with: #"{"date": "2024-03-10 08:30:00 +0800", "qty": 25}, {"date": "2024-03-10 09:30:00 +0800", "qty": 20}"#)
        try grown.write(toFile: folder + "/already-there.json", atomically: false, encoding: .utf8)
        Self.read(watch.output, into: &output) { Self.summaries($0).count == 3 }
        #expect(Self.summaries(output).last?["stored"] as? Int == 1)
        #expect(Self.summaries(output).count == 3)

        // A link to a file outside the folder is refused, not followed.
        try "{}".write(toFile: vault.root + "/outside.json", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.json", withDestinationPath: vault.root + "/outside.json")
        try FileManager.default.moveItem(atPath: folder + "/link.json", toPath: folder + "/moved-link.json")
        Self.read(watch.errors, into: &errors) { $0.contains("moved-link.json") }
        #expect(errors.contains(folder + "/moved-link.json: it is a symbolic link"), "\(errors)")

        kill(watch.pid, SIGTERM)
        #expect(watch.wait() == 128 + SIGTERM)
        let kinds = try vault.rawEvents().map { $0["kind"] as? String }
        #expect(kinds.filter { $0 != "delivery.received" }.count == 7)
        // One delivery per file imported (the malformed one stored nothing), under the watched folder.
        let sources = try vault.ok(["sources", "--json"]).split(separator: "\n")
        #expect(sources.count == 1)
        let source = try #require(try JSONSerialization.jsonObject(with: Data(sources[0].utf8)) as? [String: Any])
        #expect(source["channel"] as? String == "folder")
        #expect(source["name"] as? String == folder)
        #expect(source["deliveries"] as? Int == 3)
        #expect(source["stored"] as? Int == 4 + 2 + 1)
        // The grown file held the morning again with its new point: every reading it held counts as delivered.
        #expect(source["lastApps"] as? [String: Int] == ["Alex’s Apple Watch": 3, "no source named": 2])
        #expect(try vault.run(["audit"]).status == 0)
    }

    @Test func aCSVFileIsImportedInTheZoneGivenARouteFileIsKeptOnceAndABadCellIsReported() throws {
        let vault = try CLIVault()
        let folder = vault.root + "/Sync"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let watch = try SpawnedCLI(["watch", folder, "--zone", "Asia/Hong_Kong", "--json", "--vault", vault.path, "--passphrase-file", vault.passphraseFile])
        defer { kill(watch.pid, SIGTERM); _ = watch.wait() }
        var errors = "", output = ""
        Self.read(watch.errors, into: &errors) { $0.contains("watching \(folder)") }
        try HealthAutoExportImportTests.write("Date/Time,Step Count (count)\n2024-03-10 08:00:00,400\n2024-03-10 09:00:00,1200\n", to: vault.root + "/steps.tmp")
        try FileManager.default.moveItem(atPath: vault.root + "/steps.tmp", toPath: folder + "/HealthAutoExport-2024-03-10.csv")
        Self.read(watch.output, into: &output) { Self.summaries($0).count == 1 }
        #expect(Self.summaries(output).first?["stored"] as? Int == 2, "\(output) \(errors)")

        // A layout this version does not read is kept whole, row by row; grown, only its new row is stored.
        let route = ["Timestamp,Latitude,Longitude", "2024-03-10 07:00:00,22.2793,114.162", "2024-03-10 07:00:01,22.2794,114.162"]
        try HealthAutoExportImportTests.write(route.joined(separator: "\n"), to: folder + "/Outdoor Run-Route-20240310.csv")
        Self.read(watch.output, into: &output) { Self.summaries($0).count == 2 }
        let kept = try #require(Self.summaries(output).last, "\(output) \(errors)")
        #expect(kept["stored"] as? Int == 2)
        #expect((kept["notes"] as? [String: Int])?.keys.contains { $0.contains("kept whole as exportElement.recorded (unmapped)") } == true, "\(kept)")
        try HealthAutoExportImportTests.write((route + ["2024-03-10 07:00:02,22.2795,114.162"]).joined(separator: "\n"), to: folder + "/Outdoor Run-Route-20240310.csv")
        Self.read(watch.output, into: &output) { Self.summaries($0).count == 3 }
        #expect(Self.summaries(output).last?["stored"] as? Int == 1, "\(output)")

        try HealthAutoExportImportTests.write("Date/Time,Step Count (count)\n2024-03-10 10:00:00,many\n", to: folder + "/steps.csv")
        Self.read(watch.errors, into: &errors) { $0.contains("steps.csv") }
        #expect(errors.contains(folder + "/steps.csv, line 2, column 'Step Count (count)': 'many' is not a number"), "\(errors)")
        kill(watch.pid, SIGTERM)
        _ = watch.wait()
        let events = try vault.rawEvents().filter { $0["kind"] as? String == "sample.recorded" }
        #expect(events.count == 2)
        #expect(events.allSatisfy { ($0["utcOffset"] as? Int) == 8 * 3600 }, "\(events.first ?? [:])")
        #expect(try vault.rawEvents().filter { $0["kind"] as? String == "exportElement.recorded" }.count == 3)
    }

    @Test func aMissingFolderIsMissingInput() throws {
        let vault = try CLIVault()
        let result = try vault.run(["watch", vault.root + "/nowhere"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("nowhere: no such folder"), "\(result.stderr)")
    }
}
