import Foundation
import Testing
import TestSupport

/// Everyday view commands read a bounded number of view partitions and log records, the same
/// on a short history as on one many times longer: the `HEALTHLEDGER_READ_STATS` counts the
/// CLI appends, not timings.
@Suite(.serialized) struct ViewReadBoundTests {
    /// A demo vault of `days` days with every view caught up (a quick entry catches up all).
    final class History {
        let root: String
        let vault: String
        let passphraseFile: String

        init(days: Int) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("hl-bound-e2e-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            vault = root + "/vault"
            let demo = try CLI.run(["demo", "--vault", vault, "--days", String(days)])
            guard demo.status == 0 else { throw CLIError(message: "demo failed: \(demo.stderr)") }
            passphraseFile = root + "/passphrase"
            try writeSecret("demo passphrase\n", toFile: passphraseFile)
            _ = try reads(["mood", "5", "--at", "2026-01-02T09:00:00Z"])
        }

        /// What `arguments` read: (log records opened, view partitions opened).
        func reads(_ arguments: [String]) throws -> (records: Int, partitions: Int) {
            let statistics = root + "/reads-\(UUID().uuidString)"
            let result = try CLI.run(arguments + ["--vault", vault, "--passphrase-file", passphraseFile], environment: ["HEALTHLEDGER_READ_STATS": statistics])
            #expect(result.status == 0, "healthledger \(arguments.joined(separator: " ")): \(result.stderr)")
            let line = try String(contentsOfFile: statistics, encoding: .utf8)
            let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            guard numbers.count == 2 else { throw CLIError(message: "unexpected read statistics: \(line)") }
            return (numbers[0], numbers[1])
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    /// Each command and the most partitions and records it may open, whatever the history's
    /// length: a day's daily metrics read about 270 partition reads (each group of columns,
    /// misses included, counted where the tree is checked and where the partition opens), so a
    /// month is 31 of those; the long history holds far more of both.
    static let commands: [(arguments: [String], partitions: Int, records: Int)] = [
        (["daily", "--from", "2026-01-03", "--to", "2026-01-03", "--json"], 300, 0),
        (["daily", "--from", "2026-01-01", "--to", "2026-01-31", "--json"], 31 * 300, 0),
        (["budget"], 160, 0),
        (["sleep-score", "--date", "2026-01-04"], 300, 0),
        (["query", "mood avg by day where last 30d"], 60, 0),
        (["mood", "6"], 60, 8),
    ]

    @Test func everydayViewCommandsOpenTheSameBoundedNumberOnAShortAndALongHistory() throws {
        let short = try History(days: 5), long = try History(days: 70)
        for command in Self.commands {
            let small = try short.reads(command.arguments), large = try long.reads(command.arguments)
            let name = command.arguments.joined(separator: " ")
            #expect(small.partitions <= command.partitions && large.partitions <= command.partitions, "\(name): \(small) on 5 days, \(large) on 70")
            #expect(small.records <= command.records && large.records <= command.records, "\(name): \(small) on 5 days, \(large) on 70")
            // A window of days ("last 30d") holds more days on the longer history; the rest read exactly as much.
            guard !name.hasPrefix("query") else { continue }
            if name == "budget" {
                withKnownIssue("budget reads more partitions on a longer history since the round's merges (97 at 5 days, 135 at 70): open in issue 38") {
                    #expect(small == large, "\(name): \(small) on 5 days, \(large) on 70")
                }
            } else {
                #expect(small == large, "\(name) grows with the history: \(small) on 5 days, \(large) on 70")
            }
        }
    }

    /// The counts are a promise only if they count: a whole-view read on the long history
    /// shows every partition it opened.
    @Test func theCountsSeeAWholeHistoryRead() throws {
        let long = try History(days: 70)
        let audit = try long.reads(["audit"])
        #expect(audit.partitions > 100, "\(audit)")
        #expect(audit.records > 1_000, "\(audit)")
    }
}
