import Foundation
import Testing
import TestSupport

/// The demo lands where a newcomer looks: on today, with hints that run as printed.
@Suite struct DemoHistoryTests {
    static func demo(_ extra: [String]) throws -> (vault: String, output: String, cleanup: () -> Void) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hl-demo-\(UUID().uuidString)").path
        let result = try CLI.run(["demo", "--vault", root, "--days", "3"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return (root, result.stdout, { try? FileManager.default.removeItem(atPath: root) })
    }

    static func days(_ vault: String) throws -> [String] {
        let log = try CLI.run(["log", "--raw", "--json", "--vault", vault, "--passphrase-file", "-"], stdin: "demo passphrase\n")
        #expect(log.status == 0, "\(log.stderr)")
        return try log.stdout.split(separator: "\n").map { line in
            let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return String((event["start"] as! String).prefix(10))
        }
    }

    /// The latest start or end of any event in the log.
    static func latestInstant(_ vault: String) throws -> Date {
        let log = try CLI.run(["log", "--raw", "--json", "--vault", vault, "--passphrase-file", "-"], stdin: "demo passphrase\n")
        let plain = ISO8601DateFormatter(), fractional = ISO8601DateFormatter()
        fractional.formatOptions.insert(.withFractionalSeconds)
        var latest = Date.distantPast
        for line in log.stdout.split(separator: "\n") {
            let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            for field in ["start", "end"] {
                guard let text = event?[field] as? String else { continue }
                let instant = try #require(plain.date(from: text) ?? fractional.date(from: text), "\(text)")
                latest = max(latest, instant)
            }
        }
        return latest
    }

    @Test func theHistoryEndsOnTheDayGiven() throws {
        let (vault, _, cleanup) = try Self.demo(["--until", "2026-03-31"])
        defer { cleanup() }
        let days = try Self.days(vault)
        // The night before the first day holds its sleep; the demo's correction and retraction are made now.
        #expect(days.contains("2026-03-29") && days.contains("2026-03-31"), "\(Set(days).sorted())")
        #expect(days.allSatisfy { $0 >= "2026-03-28" } && !days.contains("2026-04-01"), "\(Set(days).sorted())")
    }

    @Test func theHistoryEndsTodayAndItsListingIsWhatLogShows() throws {
        let (vault, output, cleanup) = try Self.demo([])
        defer { cleanup() }
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(secondsFromGMT: 3600)
        let today = formatter.string(from: Date())
        #expect(try Self.days(vault).contains(today), "generated in the demo's +01:00 zone, ending \(today)")
        #expect(try Self.latestInstant(vault) <= Date(), "nothing the demo generates lies ahead of now")

        let listed = output.split(separator: "\n").drop { !$0.hasPrefix("4. ") }.dropFirst().prefix { $0.hasPrefix("   ") }.map { $0.dropFirst(3) }
        let log = try CLI.run(["log", "--kind", "mood", "--limit", "5", "--vault", vault, "--passphrase-file", "-"], stdin: "demo passphrase\n")
        #expect(listed.map(String.init) == log.stdout.split(separator: "\n").map(String.init), "\(output)\n---\n\(log.stdout)")

        let hint = try #require(output.split(separator: "\n").last { $0.hasPrefix("Try: ") }).dropFirst(5)
        let ran = try CLI.run(["-c", String(hint).replacingOccurrences(of: "healthledger ", with: "\"$0\" ", options: .anchored), CLI.binary], executable: "/bin/bash")
        #expect(ran.status == 0, "\(hint): \(ran.stderr)")
        #expect(ran.stdout.contains("mood.rated"))

        // Steps 5 and 7 named `healthledger daily` and `healthledger models` alone: as printed,
        // they read the person's own vault (or found none), not the demo's.
        let named = output.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 && $0.element.hasPrefix("healthledger ") }.map { String($0.element) }
        #expect(named.count >= 5, "\(output)")
        for command in named { #expect(command.hasSuffix(" --vault \(vault)") || command.contains(" --vault \(vault) "), "\(command)") }
        let daily = try #require(named.first { $0.hasPrefix("healthledger daily ") })
        let shown = try CLI.run(["-c", daily.replacingOccurrences(of: "healthledger ", with: "\"$0\" ", options: .anchored) + " --passphrase-file -", CLI.binary],
                                stdin: "demo passphrase\n", executable: "/bin/bash")
        #expect(shown.status == 0 && shown.stdout.contains("Active Energy (kcal)"), "the demo's days: \(daily): \(shown.stdout) \(shown.stderr)")

        let dry = try CLI.run(["replay", "--dry-run", "--vault", vault, "--passphrase-file", "-"], stdin: "demo passphrase\n")
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("dry run of calorie-credit v") && dry.stdout.contains("not built yet"), "\(dry.stdout)")
        #expect(!dry.stdout.contains("changed on"), "a view never built lists no changes: \(dry.stdout)")
    }
}
