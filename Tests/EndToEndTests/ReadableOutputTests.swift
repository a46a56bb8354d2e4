import Foundation
import Testing
import TestSupport

/// What a person reads: counts are whole, scores carry no binary noise, the historical export
/// starts where the data does, and a failed day is explained in a log that keeps every run.
@Suite struct ReadableOutputTests {
    /// 1001 steps over 23:00–01:00 fall half on each day: 500.5 is a share, not a count.
    static let steps = #"{"kind":"sample.recorded","start":"2026-03-02T23:00:00Z","end":"2026-03-03T01:00:00Z","utcOffset":0,"payload":{"type":"HKQuantityTypeIdentifierStepCount","value":1001,"unit":"count"}}"#
    /// A night whose score is exactly 100 and whose latency is 10 minutes, both reached by
    /// arithmetic on hours that leaves noise in the last bits.
    static let night = [
        #"{"kind":"category.recorded","start":"2026-03-01T23:00:00Z","end":"2026-03-02T07:00:00Z","utcOffset":0,"source":{"name":"Apple Watch"},"payload":{"type":"HKCategoryTypeIdentifierSleepAnalysis","value":"HKCategoryValueSleepAnalysisAsleepCore"}}"#,
        #"{"kind":"category.recorded","start":"2026-03-01T22:50:00Z","end":"2026-03-02T07:05:00Z","utcOffset":0,"source":{"name":"Apple Watch"},"payload":{"type":"HKCategoryTypeIdentifierSleepAnalysis","value":"HKCategoryValueSleepAnalysisInBed"}}"#,
    ]

    @Test func countsAreWholeAndScoresHaveNoFloatNoise() throws {
        let vault = try CLIVault()
        try vault.ok(["append", "--jsonl", "-"], stdin: ([Self.steps] + Self.night).joined(separator: "\n") + "\n")
        let text = try vault.ok(["daily", "--from", "2026-03-03", "--to", "2026-03-03"])
        #expect(text.contains("Step Count (count): 501\n"), "\(text)")
        let json = try vault.ok(["daily", "--from", "2026-03-03", "--to", "2026-03-03", "--json"])
        #expect(json.contains(#""step_count":501"#), "\(json)")
        let score = try vault.ok(["sleep-score", "--date", "2026-03-02", "--json"])
        #expect(score.contains(#""score":100,"#) || score.contains(#""score":100.0,"#), "\(score)")
        #expect(!score.contains("0000000"), "no float noise: \(score)")
    }

    @Test func exportDailyFromTheEarliestDay() throws {
        let vault = try CLIVault()
        try vault.ok(["append", "--jsonl", "-"], stdin: ([Self.steps] + Self.night).joined(separator: "\n") + "\n")
        let folder = vault.root + "/export"
        let output = try vault.ok(["export", "daily", folder, "--from", "earliest", "--to", "2026-03-04"])
        #expect(output.contains("exported 4 of 4 days"), "2026-03-01 (the night's start) to 03-04: \(output)")
        #expect(FileManager.default.fileExists(atPath: folder + "/2026/03/HealthMetrics-2026-03-01.csv"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/2026/02/HealthMetrics-2026-02-28.csv"))
    }

    @Test func theExportLogKeepsEveryRunAndNamesTheDayAndTheReason() throws {
        let vault = try CLIVault()
        try vault.ok(["append", "--jsonl", "-"], stdin: Self.steps + "\n")
        let folder = vault.root + "/export"
        try vault.ok(["export", "daily", folder, "--from", "2026-03-02", "--to", "2026-03-03"])
        // A file where the month's folder should be: that day cannot be written.
        try FileManager.default.createDirectory(atPath: folder + "/2026", withIntermediateDirectories: true)
        try "not a folder".write(toFile: folder + "/2026/04", atomically: true, encoding: .utf8)
        let failed = try vault.run(["export", "daily", folder, "--from", "2026-03-31", "--to", "2026-04-01"])
        #expect(failed.status == 74)
        let log = try String(contentsOfFile: folder + "/export-log.txt", encoding: .utf8)
        #expect(log.contains("exported 2 of 2 days"), "the first run's line is still there: \(log)")
        #expect(log.contains("exported 1 of 2 days"), "\(log)")
        #expect(log.contains("2026-04-01: not written to"), "\(log)")
        #expect(log.contains("2026-04-01: not written to \(folder)/2026/04/HealthMetrics-2026-04-01.csv: "), "\(log)")
        #expect(log.contains("already exists") || log.contains("Not a directory"), "the system's reason: \(log)")
        #expect(!log.contains("Error Domain") && !log.contains("NSError") && !log.contains("CocoaError"), "\(log)")
    }

    @Test func aSymbolicallyLinkedExportLogIsNotFollowedAndTheRunSaysSo() throws {
        let vault = try CLIVault()
        try vault.ok(["append", "--jsonl", "-"], stdin: Self.steps + "\n")
        let folder = vault.root + "/export"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let precious = vault.root + "/notes.txt"
        try "my notes\n".write(toFile: precious, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/export-log.txt", withDestinationPath: precious)
        let result = try vault.run(["export", "daily", folder, "--from", "2026-03-02", "--to", "2026-03-03"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("exported 2 of 2 days"))
        #expect(result.stderr.contains("export-log.txt is a symbolic link, which is not followed"), "\(result.stderr)")
        #expect(try String(contentsOfFile: precious, encoding: .utf8) == "my notes\n", "the file the link points at is untouched")
    }

    static let pressure = #"{"kind":"correlation.recorded","start":"2026-03-02T07:30:00Z","utcOffset":0,"payload":{"type":"HKCorrelationTypeIdentifierBloodPressure","samples":[{"type":"HKQuantityTypeIdentifierBloodPressureSystolic","value":121,"unit":"mmHg"},{"type":"HKQuantityTypeIdentifierBloodPressureDiastolic","value":80,"unit":"mmHg"}]}}"#
    static let systolic = #"{"kind":"sample.recorded","start":"2026-03-02T07:30:00Z","utcOffset":0,"payload":{"type":"HKQuantityTypeIdentifierBloodPressureSystolic","value":121,"unit":"mmHg"}}"#

    @Test func aBloodPressureReadingIsQueriedByItsMembersOnce() throws {
        let vault = try CLIVault()
        try vault.ok(["append", "--jsonl", "-"], stdin: Self.pressure + "\n")
        #expect(try vault.ok(["query", "daily.blood_pressure_systolic", "--format", "csv"]).hasSuffix(",121\n"))
        let rows = try vault.ok(["query", "blood_pressure_systolic", "--format", "csv"])
        #expect(rows.split(separator: "\n").count == 2 && rows.contains("2026-03-02 07:30,121"), "\(rows)")
        #expect(try vault.ok(["query", "blood_pressure_diastolic max", "--format", "csv"]).hasSuffix("\n80\n"))

        let id = try vault.rawEvents()[0]["id"] as! String
        try vault.ok(["retract", id])
        #expect(try vault.ok(["query", "blood_pressure_systolic count", "--format", "csv"]).hasSuffix("\n0\n"))

        // Health exports the members as Records of their own too: one reading stays one row.
        let exported = try CLIVault()
        try exported.ok(["append", "--jsonl", "-"], stdin: Self.systolic + "\n" + Self.pressure + "\n")
        #expect(try exported.ok(["query", "blood_pressure_systolic count", "--format", "csv"]).hasSuffix("\n1\n"))
        #expect(try exported.ok(["query", "blood_pressure_diastolic count", "--format", "csv"]).hasSuffix("\n1\n"))
    }
}
