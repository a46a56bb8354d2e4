import Foundation
import Testing
import TestSupport

/// An import killed with SIGKILL and run again ends exactly as one that was never interrupted.
@Suite struct ImportResumeTests {
    /// A plain export of `count` heart-rate and step records, a minute apart.
    static func export(records count: Int, to path: String) throws {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
        xml += " <ExportDate value=\"2024-06-01 08:00:00 +0200\"/>\n"
        let start = 1_704_067_200 // 2024-01-01 00:00 UTC
        for index in 0..<count {
            let time = start + index * 60
            let stamp = Self.stamp(time)
            if index % 2 == 0 {
                xml += " <Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Watch\" unit=\"count/min\" creationDate=\"\(stamp)\" startDate=\"\(stamp)\" endDate=\"\(stamp)\" value=\"\(60 + index % 40)\"/>\n"
            } else {
                xml += " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Phone\" unit=\"count\" creationDate=\"\(stamp)\" startDate=\"\(stamp)\" endDate=\"\(Self.stamp(time + 59))\" value=\"\(index % 97)\"/>\n"
            }
        }
        xml += "</HealthData>\n"
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func stamp(_ seconds: Int) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d +0000", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!)
    }

    /// Every event in log order as `log --raw --json` prints it, without the two fields that
    /// differ between vaults for the same content: the id (keyed by the vault) and the commit time.
    static func contents(_ vault: CLIVault) throws -> [String] {
        try vault.ok(["log", "--raw", "--json"]).split(separator: "\n").map { line in
            String(line.replacing(/"id":"[0-9a-f]{32}",/, with: "").replacing(/"recordedAt":"[^"]*",/, with: ""))
        }
    }

    @Test func killedImportResumesToTheSameEndState() throws {
        let interrupted = try CLIVault()
        let file = interrupted.root + "/export.xml"
        try Self.export(records: 40_000, to: file)

        let running = try CLI.start(["import", "apple-health", file, "--vault", interrupted.path, "--passphrase-file", interrupted.passphraseFile])
        // Kill once some transactions are durable: the data file has grown past its first pages.
        let dataFile = interrupted.path + "/data.mdb"
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, running.process.isRunning {
            let size = (try? FileManager.default.attributesOfItem(atPath: dataFile)[.size] as? Int) ?? 0
            if size > 1 << 20 { break }
            usleep(20_000)
        }
        #expect(running.process.isRunning, "the import finished before it could be interrupted")
        kill(running.process.processIdentifier, SIGKILL)
        running.process.waitUntilExit()
        #expect(running.process.terminationReason == .uncaughtSignal)
        let partial = try Self.contents(interrupted)
        #expect(partial.count > 0 && partial.count < 40_000, "\(partial.count) stored before the kill")

        try interrupted.ok(["import", "apple-health", file])
        let uninterrupted = try CLIVault()
        try uninterrupted.ok(["import", "apple-health", file])
        let resumed = try Self.contents(interrupted)
        #expect(resumed.count == 40_000)
        #expect(resumed == (try Self.contents(uninterrupted)))
        #expect(try interrupted.run(["audit"]).status == 0)
        #expect(try interrupted.ok(["replay", "--dry-run"]).contains("no change"))
        #expect(try interrupted.ok(["daily", "--json", "--from", "2024-01-01", "--to", "2024-01-31"])
            == uninterrupted.ok(["daily", "--json", "--from", "2024-01-01", "--to", "2024-01-31"]))
    }
}
