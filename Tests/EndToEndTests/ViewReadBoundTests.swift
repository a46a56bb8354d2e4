import Foundation
import Glibc
import Testing
import TestSupport

/// Everyday view commands read a bounded number of view partitions and log records, the same
/// on a short history as on one many times longer: the `HEALTHLEDGER_READ_STATS` counts the
/// CLI appends, not timings.
@Suite(.serialized) struct ViewReadBoundTests {
    /// A demo vault of `days` days ending on `lastDay` with every view caught up (a quick
    /// entry catches up all): the days the commands ask for lie in both histories.
    final class History {
        let root: String
        let vault: String
        let passphraseFile: String

        init(days: Int) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("hl-bound-e2e-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            vault = root + "/vault"
            let demo = try CLI.run(["demo", "--vault", vault, "--days", String(days), "--until", ViewReadBoundTests.lastDay])
            guard demo.status == 0 else { throw CLIError(message: "demo failed: \(demo.stderr)") }
            passphraseFile = root + "/passphrase"
            try writeSecret("demo passphrase\n", toFile: passphraseFile)
            _ = try reads(["mood", "5", "--at", "2026-03-29T09:00:00Z"])
        }

        /// What `arguments` read: (log records opened, view partitions opened).
        func reads(_ arguments: [String]) throws -> (records: Int, partitions: Int) {
            let statistics = root + "/reads-\(UUID().uuidString)"
            let result = try CLI.run(arguments + ["--vault", vault, "--passphrase-file", passphraseFile], environment: ["HEALTHLEDGER_READ_STATS": statistics])
            #expect(result.status == 0, "healthledger \(arguments.joined(separator: " ")): \(result.stderr)")
            let read = try ReadStatisticsLine.last(inFile: statistics)
            return (try read.count("recordsOpened"), try read.count("partitionsOpened"))
        }

        /// Events in the log.
        func eventCount() throws -> Int {
            let last = try CLI.run(["log", "--limit", "1", "--json", "--vault", vault, "--passphrase-file", passphraseFile])
            let object = try JSONSerialization.jsonObject(with: Data(last.stdout.utf8)) as? [String: Any]
            return (object?["sequence"] as? Int).map { $0 + 1 } ?? 0
        }

        /// Events of `kinds` in the log.
        func eventCount(ofKinds kinds: [String]) throws -> Int {
            let listed = try CLI.run(["log", "--limit", "1000000", "--json", "--vault", vault, "--passphrase-file", passphraseFile] + kinds.flatMap { ["--kind", $0] })
            return listed.stdout.split(separator: "\n").count
        }

        /// What the dashboard read to answer `page` (as of all but the last event unless
        /// `now`), besides what it reads to start and show Today: (log records opened, view
        /// partitions opened).
        func dashboardReads(_ page: String, now: Bool = false) throws -> (records: Int, partitions: Int) {
            let asOf = try eventCount() - 1
            let started = try servedReads([])
            let served = try servedReads([now ? page : page + "&as-of=\(asOf)"])
            return (served.records - started.records, served.partitions - started.partitions)
        }

        /// Serves the vault, asks for `paths` in turn after its launch link, and stops it.
        private func servedReads(_ paths: [String]) throws -> (records: Int, partitions: Int) {
            let statistics = root + "/reads-\(UUID().uuidString)"
            let port = try LoopbackHTTP.freePort()
            let server = try SpawnedCLI(["serve", "--port", String(port), "--vault", vault, "--passphrase-file", passphraseFile],
                                        environment: ["HEALTHLEDGER_READ_STATS": statistics])
            defer { kill(server.pid, SIGKILL); _ = server.wait() }
            var output = ""
            WatchFolderTests.read(server.output, into: &output) { $0.contains("token=") }
            guard let launch = output.firstMatch(of: /http:\/\/([^\/\s]+)(\/\?token=[0-9a-f]+)/) else { throw CLIError(message: "serve printed no link: \(output)") }
            let host = String(launch.1)
            let redeemed = try LoopbackHTTP.exchange(port: port, request: Array("GET \(launch.2) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8))
            guard let cookie = redeemed.firstMatch(of: /Set-Cookie: (hl_session=[0-9a-f]+)/) else { throw CLIError(message: "no session: \(redeemed.prefix(300))") }
            for path in ["/"] + paths {
                let answer = try LoopbackHTTP.exchange(port: port, request: Array("GET \(path) HTTP/1.1\r\nHost: \(host)\r\nCookie: \(cookie.1)\r\nConnection: close\r\n\r\n".utf8))
                #expect(answer.hasPrefix("HTTP/1.1 200"), "\(path): \(answer.prefix(300))")
            }
            kill(server.pid, SIGTERM)
            #expect(server.wait() == 0)
            let read = try ReadStatisticsLine.last(inFile: statistics)
            return (try read.count("recordsOpened"), try read.count("partitionsOpened"))
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    static let lastDay = "2026-03-31"

    /// Each command and the most partitions and records it may open, whatever the history's
    /// length: a day's daily metrics read the groups its day directory lists (a demo day
    /// holds about 27 of the 130 overlap groups; asking for every group was 130 reads a day,
    /// misses included), so a month is 31 of those; the long history holds far more of both.
    static let commands: [(arguments: [String], partitions: Int, records: Int)] = [
        (["daily", "--from", "2026-03-30", "--to", "2026-03-30", "--json"], 45, 0),
        (["daily", "--from", "2026-03-01", "--to", "2026-03-31", "--json"], 31 * 30, 0),
        (["budget", "--date", "2026-03-30"], 60, 0),
        (["sleep-score", "--date", "2026-03-30"], 40, 0),
        (["query", "mood avg by day where between 2026-03-01 and 2026-03-31"], 40, 0),
        (["mood", "6"], 30, 8),
    ]

    @Test func everydayViewCommandsOpenTheSameBoundedNumberOnAShortAndALongHistory() throws {
        let short = try History(days: 5), long = try History(days: 70)
        for command in Self.commands {
            let small = try short.reads(command.arguments), large = try long.reads(command.arguments)
            let name = command.arguments.joined(separator: " ")
            #expect(small.partitions <= command.partitions && large.partitions <= command.partitions, "\(name): \(small) on 5 days, \(large) on 70")
            #expect(small.records <= command.records && large.records <= command.records, "\(name): \(small) on 5 days, \(large) on 70")
            // A query, and a day's metrics, read what the days asked for hold: the demo's days
            // differ between the two histories, and the short one holds fewer of a month's.
            guard !["query", "daily", "sleep-score"].contains(where: { name.hasPrefix($0) }) else { continue }
            #expect(small == large, "\(name) grows with the history: \(small) on 5 days, \(large) on 70")
        }
    }

    /// A query over a daily column on every day of the history reads each block of 32 days'
    /// stored values once, not the partitions the column is folded from on each day (the sleep
    /// columns: every sleep group, 2 to 6 reads a day): its cost grows by one read a block,
    /// beside the few every query opens (settings, the views' marks).
    @Test func aWholeHistoryDailyColumnQueryReadsABlockOfDaysAtATime() throws {
        let long = try History(days: 70)
        let bound = 70 / 32 + 10
        let weekdays = try long.reads(["query", "sleep.total by day where weekday"])
        #expect(weekdays.records == 0 && weekdays.partitions <= bound, "\(weekdays)")
        let weeks = try long.reads(["query", "daily.step_count by week"])
        #expect(weeks.records == 0 && weeks.partitions <= bound, "\(weeks)")
    }

    /// The dashboard as of an earlier point folds the days each page draws, not the log up
    /// to that point: weight and budget and 90 days of metrics, as of all but the last event,
    /// open the same records on a history of 100 days as on one of 160, both longer than
    /// what the pages draw. Today (30 days of
    /// metrics, the day's listings, the budget's six weeks) opens more only by the events that
    /// count on every day: activities' starts and stops, definitions. A day that no event
    /// after the point touches is read from the stored view.
    @Test func dashboardPagesAsOfAnEarlierPointOpenTheSameOnAShortAndALongHistory() throws {
        let short = try History(days: 100), long = try History(days: 160)
        let pages = ["/?date=2026-03-30", "/weight?date=2026-03-30", "/metrics?col=step_count&col=sleep_total&to=2026-03-30"]
        let everyDay = try long.eventCount(ofKinds: Self.kindsOfEveryDay) - short.eventCount(ofKinds: Self.kindsOfEveryDay)
        for page in pages {
            let small = try short.dashboardReads(page), large = try long.dashboardReads(page)
            let allowed = page.hasPrefix("/?") ? everyDay : 0
            #expect(small.partitions == large.partitions && large.records - small.records <= allowed,
                    "\(page) as of all but the last event grows with the history: \(small) on 100 days, \(large) on 160, \(allowed) more allowed")
            #expect(large.records > 0)
        }
        // Days no event after the point touches are read from the stored view: no record.
        let untouched = try short.dashboardReads("/?date=2026-02-15"), untouchedLong = try long.dashboardReads("/?date=2026-02-15")
        // Their partitions are what those days hold (the demo's days differ between the two
        // histories), within the same bound: 30 days of a demo's about 30 groups a day.
        #expect(untouched.records == 0 && untouchedLong.records == 0, "\(untouched) on 100 days, \(untouchedLong) on 160")
        #expect(max(untouched.partitions, untouchedLong.partitions) <= 30 * 30, "\(untouched) on 100 days, \(untouchedLong) on 160")
        // The weight page now reads the weight column of its 90 days and the budget's six
        // weeks, not each day's every group (about 130 partitions a day).
        let weight = try short.dashboardReads("/weight?date=2026-03-30", now: true), weightLong = try long.dashboardReads("/weight?date=2026-03-30", now: true)
        #expect(weight == weightLong && weight.records == 0 && weight.partitions <= 4 * 90, "\(weight) on 100 days, \(weightLong) on 160")
    }

    static let kindsOfEveryDay = ["activity.started", "activity.stopped", "activity.defined", "medication.defined", "profile.recorded"]

    /// The counts are a promise only if they count: a whole-view read on the long history
    /// shows every partition it opened.
    @Test func theCountsSeeAWholeHistoryRead() throws {
        let long = try History(days: 70)
        let audit = try long.reads(["audit"])
        #expect(audit.partitions > 100, "\(audit)")
        #expect(audit.records > 1_000, "\(audit)")
    }
}
