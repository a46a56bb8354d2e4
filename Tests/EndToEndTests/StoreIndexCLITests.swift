import Foundation
import Testing
import TestSupport

/// Everyday commands open a bounded number of records whatever the log's length, read
/// through the store indexes, which `audit` checks and a vault made before them gains once.
@Suite(.serialized) struct StoreIndexCLITests {
    /// Where this version keeps the count of events its store indexes cover.
    static let coveredKey = Array("indexes.covered.9".utf8)

    /// A vault of `moods` mood events (ids 1…moods), an activity defined and some events after.
    static func vault(moods: Int) throws -> CLIVault {
        let vault = try CLIVault()
        try vault.ok(["append", "--jsonl", "-"], stdin: MoodEvents.lines(0..<moods))
        try vault.ok(["append", "activity.defined", "name=Reading"])
        try vault.ok(["fatigue", "3"])
        try vault.ok(["mood", "6"])
        return vault
    }

    /// Records opened by `arguments`, as `HEALTHLEDGER_READ_STATS` reports them.
    static func recordsOpened(_ vault: CLIVault, _ arguments: [String]) throws -> Int {
        try readStatistic("recordsOpened", vault, arguments)
    }

    /// The count `name` that `HEALTHLEDGER_READ_STATS` reports for `arguments`.
    static func readStatistic(_ name: String, _ vault: CLIVault, _ arguments: [String]) throws -> Int {
        let file = vault.root + "/read-stats-\(UUID().uuidString)"
        try vault.ok(arguments, environment: ["HEALTHLEDGER_READ_STATS": file])
        return try ReadStatisticsLine.last(inFile: file).count(name)
    }

    /// A quick entry without `--id` draws its ids at random, so it searches no dedup key: the
    /// index's recent tier grows with the log (up to its settling limit), and a pass over it
    /// was most of the difference between a quick entry at 20,000 and at 2 million events.
    /// An id given with `--id` is still looked up: stored once, refused with other content.
    @Test func quickEntriesWithoutAnIDSearchNoDedupKeysAndAGivenIDIsStillLookedUp() throws {
        let vault = try Self.vault(moods: 2_000)
        for arguments in [["mood", "6"], ["fatigue", "2"], ["symptom", "headache"], ["take", "Ibuprofen"], ["eat", "Oatmeal", "--kcal", "300"],
                          ["weigh", "72kg"], ["start", "Reading"], ["stop", "--all"], ["append", "fatigue.rated", "rating=4"]] {
            #expect(try Self.readStatistic("dedupKeysRead", vault, arguments) == 0, "\(arguments)")
        }
        let id = String(format: "%032x", 9_000_000)
        #expect(try Self.readStatistic("dedupKeysRead", vault, ["mood", "6", "--id", id]) >= 2_000)
        let appendedID = String(format: "%032x", 9_000_001)
        #expect(try Self.readStatistic("dedupKeysRead", vault, ["append", "fatigue.rated", "rating=4", "--id", appendedID]) >= 2_000)
        #expect(try vault.ok(["append", "fatigue.rated", "rating=4", "--id", appendedID]).contains("already stored"))
        #expect(try vault.ok(["mood", "6", "--id", id]).contains("already stored"))
        let reused = try vault.run(["mood", "3", "--id", id])
        #expect(reused.status != 0 && reused.stderr.contains("already stored"), "\(reused.stderr)")
        #expect(try vault.ok(["log", "--kind", "mood", "--json"]).split(separator: "\n").count { $0.contains(id) } == 1)
        #expect(try vault.ok(["audit"]).contains("audit clean"))
    }

    /// A whole `replay` rebuilds the store indexes in the pass that folds the views: each record
    /// is opened once, where the indexes' own pass before it opened every record again.
    @Test func aWholeReplayOpensEachRecordOnce() throws {
        let vault = try Self.vault(moods: 3_000)
        let events = 3_003
        let opened = try Self.recordsOpened(vault, ["replay"])
        #expect(opened >= events && opened <= events + 10, "\(opened) records opened for \(events) events")
        #expect(try vault.ok(["audit"]).contains("audit clean"))
        #expect(try Self.recordsOpened(vault, ["log", "--limit", "5"]) <= 5)
    }

    /// What each everyday command opens, in order, on a vault of `moods` moods.
    static func costs(moods: Int) throws -> [String: Int] {
        let vault = try Self.vault(moods: moods)
        let target = String(format: "%032x", 1), other = String(format: "%032x", 2)
        let (yesterday, tomorrow) = Self.daysAroundToday()
        let secret = vault.root + "/bundle-secret"
        try "bundle words\n".write(toFile: secret, atomically: true, encoding: .utf8)
        var costs: [String: Int] = [:]
        for arguments in [
            ["log", "--from", yesterday, "--to", tomorrow], ["log", "--from", yesterday, "--to", tomorrow, "--limit", "1", "--raw"],
            ["export", "bundle", "--from", yesterday, "--to", tomorrow, "--out", vault.root + "/days.age", "--bundle-passphrase-file", secret],
            ["log", "--limit", "5"], ["log", "--kind", "mood", "--limit", "5"], ["log", "--limit", "5", "--raw", "--json"],
            ["show", target], ["correct", target, "rating=3"], ["show", target], ["retract", other],
            ["start", "Reading"], ["start", "Walking", "Talking"], ["stop", "Reading"], ["stop", "--last"],
            ["start", "Reading", "--from-last-stop"], ["stop", "--all"], ["log", "--kind", "mood", "--limit", "5"],
            ["daily", "--from", yesterday, "--to", tomorrow, "--as-of-seq", "\(moods / 2)"],
        ] {
            let command = arguments.joined(separator: " ").replacingOccurrences(of: vault.root, with: "VAULT").replacingOccurrences(of: "--as-of-seq \(moods / 2)", with: "--as-of-seq HALF")
            costs[command, default: 0] += try recordsOpened(vault, arguments)
        }
        return costs
    }

    /// Yesterday and tomorrow where the tests run, as `--from`/`--to` take days.
    static func daysAroundToday() -> (String, String) {
        let format = DateFormatter()
        format.dateFormat = "yyyy-MM-dd"
        format.timeZone = .current
        return (format.string(from: Date().addingTimeInterval(-86_400)), format.string(from: Date().addingTimeInterval(86_400)))
    }

    @Test func everydayCommandsOpenAsManyRecordsAt20kAsAt1k() throws {
        let small = try Self.costs(moods: 1_000)
        let large = try Self.costs(moods: 20_000)
        #expect(small == large)
        for (command, opened) in large { #expect(opened <= 20, "\(command) opened \(opened) records") }
    }

    /// `log` over a range of days reads the day's events newest first, and those of the kinds
    /// asked for through the kind index: a page opens about as many records as it shows,
    /// however many events the days hold (2,000 moods on one day here).
    @Test func aPageOfABusyDayOpensAboutAsManyRecordsAsItShows() throws {
        let vault = try Self.vault(moods: 2_000)
        let day = ["--from", "2026-04-01", "--to", "2026-04-02"]
        #expect(try Self.recordsOpened(vault, ["log", "--limit", "5"] + day) <= 5)
        #expect(try Self.recordsOpened(vault, ["log", "--limit", "5", "--raw"] + day) <= 5)
        #expect(try Self.recordsOpened(vault, ["log", "--limit", "5", "--kind", "mood"] + day) <= 5)
        #expect(try Self.recordsOpened(vault, ["log", "--kind", "activity"] + day) == 0)
        #expect(try vault.ok(["log", "--limit", "2"] + day).split(separator: "\n").map { $0.prefix(6) } == ["#1998 ", "#1999 "])
    }

    /// `log --from` without `--to` (or `--to` alone) reads the days between it and the last
    /// (or first) day an event started on through the day index: where fewer events match
    /// than a page shows, it no longer reads the whole log back; it shows what the whole-log
    /// pass of the same filter shows (a range longer than the day index reads is one).
    @Test func logFromOrToAloneReadsTheDaysBetweenAndShowsWhatTheWholePassShows() throws {
        let vault = try Self.vault(moods: 2_000)
        try vault.ok(["mood", "4", "--at", "2026-04-03T09:00:00+02:00"])
        let (_, tomorrow) = Self.daysAroundToday()
        // Tomorrow's first instant may be today somewhere: today's three events are read.
        #expect(try Self.recordsOpened(vault, ["log", "--from", tomorrow]) <= 3)
        #expect(try Self.recordsOpened(vault, ["log", "--to", "2026-03-01"]) == 0)
        #expect(try Self.recordsOpened(vault, ["log", "--from", "2026-04-02", "--limit", "3"]) <= 3)
        for (alone, whole) in [(["--from", "2026-04-02"], ["--from", "2026-04-02", "--to", "2099-01-01"]),
                               (["--from", "2026-04-01T08:00:00+02:00"], ["--from", "2026-04-01T08:00:00+02:00", "--to", "2099-01-01"]),
                               (["--to", "2026-04-02"], ["--from", "1990-01-01", "--to", "2026-04-02"]),
                               (["--to", "2026-04-01T07:00:00+02:00"], ["--from", "1990-01-01", "--to", "2026-04-01T07:00:00+02:00"])] {
            for limit in [[], ["--limit", "2"], ["--limit", "500"]] {
                #expect(try vault.ok(["log"] + alone + limit) == vault.ok(["log"] + whole + limit), "\(alone) \(limit)")
            }
        }
        #expect(try vault.ok(["log", "--from", "2026-04-02"]).contains("rating=4"))
    }

    @Test func theReadCounterCountsAWholeLogPass() throws {
        let vault = try Self.vault(moods: 300)
        #expect(try Self.recordsOpened(vault, ["log", "--raw"]) >= 303)
    }

    @Test func logWithLimitShowsWhatTheWholeLogPassShows() throws {
        let vault = try Self.vault(moods: 200)
        try vault.ok(["correct", String(format: "%032x", 198), "rating=2"])
        try vault.ok(["retract", String(format: "%032x", 199)])
        try vault.ok(["start", "Reading"])
        for filters in [[], ["--kind", "mood"], ["--kind", "mood", "--kind", "activity"], ["--raw"], ["--json"], ["--text", "\"rating\":2"],
                        ["--from", "2026-04-01T07:00:00+02:00", "--to", "2026-04-01T09:00:00+02:00"], ["--source", "nothing"],
                        ["--from", "2026-03-31", "--to", "2026-04-02", "--kind", "mood"], ["--from", "2026-03-31", "--to", "2026-04-02", "--kind", "activity"],
                        ["--from", "2026-03-31", "--to", "2026-04-02", "--raw", "--kind", "event"], ["--from", "2026-04-01", "--to", "2026-04-02", "--raw"],
                        ["--from", "2026-04-01", "--to", "2026-04-02", "--text", "\"rating\":3"]] {
            let all = try vault.ok(["log"] + filters).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            for limit in [1, 4, 50, 500] {
                let limited = try vault.ok(["log", "--limit", "\(limit)"] + filters).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                #expect(Array(limited) == Array(all.suffix(limit)), "log \(filters) --limit \(limit)")
            }
        }
    }

    /// `show #N` reads the event by its number: it searches no dedup key (the recent tier,
    /// which grows with the log, was most of `show`'s time at 10M events); by id, one search.
    @Test func showByNumberSearchesNoDedupKeyAndByIDOneSearch() throws {
        let vault = try Self.vault(moods: 2_000)
        #expect(try Self.readStatistic("dedupKeysRead", vault, ["show", "#7"]) == 0)
        let shown = try vault.ok(["show", "#7"])
        let id = try #require(shown.firstMatch(of: /id +([0-9a-f]{32})/)?.output.1)
        let byID = try Self.readStatistic("dedupKeysRead", vault, ["show", String(id)])
        #expect(byID > 0 && byID <= 2_010, "\(byID)")
        #expect(try vault.ok(["show", String(id)]) == shown)
    }

    /// An id no event has is told apart by the short-id index, with no pass over the dedup
    /// index's recent tier (which grows with the log); one whose tag some event has is
    /// still looked for there.
    @Test func anIDNoEventHasIsToldWithoutARecentKey() throws {
        let vault = try Self.vault(moods: 2_000)
        func unknown(_ id: String) throws -> Int {
            let file = vault.root + "/read-stats-\(UUID().uuidString)"
            let result = try vault.run(["show", id], environment: ["HEALTHLEDGER_READ_STATS": file])
            #expect(result.status == 65 && result.stderr.contains("no event with id \(id)"), "\(result.stderr)")
            return try ReadStatisticsLine.last(inFile: file).count("dedupKeysRead")
        }
        #expect(try unknown("0123456789abcdef0123456789abcdef") == 0)
        // The moods' ids all start with eight zeros, as this one does.
        #expect(try unknown(String(format: "%032x", 9_999)) > 2_000)
    }

    /// A lookup by id asks the settled tier, then passes over the recent one newest first and
    /// stops at the id: correcting, retracting or showing what was just entered reads a few
    /// recent keys, however many the tier holds (at 10M events it held 274,622).
    @Test func theNewestEventsAreFoundByIDAfterAFewRecentKeys() throws {
        let vault = try Self.vault(moods: 2_000)
        // The last mood has three events after it; the one before it, thirteen, and a correction.
        let newest = String(format: "%032x", 2_000), before = String(format: "%032x", 1_990)
        #expect(try Self.readStatistic("dedupKeysRead", vault, ["show", newest]) == 4)
        #expect(try Self.readStatistic("dedupKeysRead", vault, ["correct", newest, "rating=2"]) == 4)
        #expect(try Self.readStatistic("dedupKeysRead", vault, ["retract", before]) == 15)
        #expect(try vault.ok(["show", newest]).contains("event.corrected"))
        #expect(try vault.ok(["log", "--kind", "mood", "--json"]).split(separator: "\n").count { $0.contains(before) } == 0)
        #expect(try vault.ok(["audit"]).contains("audit clean"))
    }

    /// A correction or retraction looks its target up in the command and again in each view
    /// that folds it; the process keeps what the first search found, so the dedup index's
    /// recent tier is passed over once (at 10M events, one retraction read 2.5M keys before
    /// the in-memory map, and three passes' worth after it).
    @Test func anAmendmentReadsTheRecentDedupKeysOnce() throws {
        let vault = try Self.vault(moods: 2_000)
        let target = String(format: "%032x", 7), other = String(format: "%032x", 8)
        for arguments in [["correct", target, "rating=2"], ["retract", other]] {
            let read = try Self.readStatistic("dedupKeysRead", vault, arguments)
            #expect(read > 0 && read <= 2_010, "\(arguments): \(read)")
        }
        #expect(try vault.ok(["show", target]).contains("event.corrected"))
        #expect(try vault.ok(["audit"]).contains("audit clean"))
    }

    @Test func aVaultMadeBeforeTheIndexesIsIndexedOnceAndSaysSo() throws {
        let vault = try Self.vault(moods: 50)
        try vault.ok(["correct", String(format: "%032x", 7), "rating=2"])
        try vault.ok(["start", "Reading"])
        let before = try vault.ok(["log", "--limit", "10"])
        let tampering = VaultTampering(path: vault.path)
        for name in ["index.kind", "index.day", "index.amendments", "index.activities", "index.shortID"] { try tampering.drop(name) }
        try tampering.delete("meta", keys: [Self.coveredKey])

        let first = try vault.run(["log", "--limit", "10"])
        #expect(first.status == 0)
        #expect(first.stdout == before)
        #expect(first.stderr.contains("indexed 55 events by kind, by day, by amended id, running activity, short id and payload text (the vault had none: it was made before the log had store indexes, or a `replay` rebuilding them was stopped); this is done once"), "\(first.stderr)")
        let second = try vault.run(["log", "--limit", "10"])
        #expect(second.stderr.isEmpty, "\(second.stderr)")
        #expect(try vault.ok(["stop"]).contains("activity.stopped Reading"))
        #expect(try vault.ok(["audit"]).contains("audit clean"))
    }

    /// `log --text` reads only the blocks of 4,096 events whose text filter may hold the text,
    /// a page of the newest or every match (output to a pipe) alike, and prints what a pass
    /// over the log prints; a text of one or two characters too. Digits alone, which could be
    /// a number's, are looked for in every event.
    @Test func aTextSearchWithFewMatchesOpensTheBlocksThatMayHoldThem() throws {
        let vault = try CLIVault()
        let lines = MoodEvents.lines(0..<4_500)
            + #"{"id":"ee000000000000000000000000000001","kind":"mood.rated","start":"2026-04-01T09:00:00+02:00","payload":{"rating":3,"note":"Zebra crossing"}}"# + "\n"
            + MoodEvents.lines(5_000..<9_000)
            + #"{"id":"ee000000000000000000000000000002","kind":"mood.rated","start":"2026-04-01T10:00:00+02:00","payload":{"rating":4,"note":"zebra again, Caf\u00e9"}}"# + "\n"
        try vault.ok(["append", "--jsonl", "-"], stdin: lines)
        try vault.ok(["correct", "ee000000000000000000000000000002", "rating=5"])
        for arguments in [["log", "--text", "ZEBRA"], ["log", "--text", "zebra", "--limit", "5"], ["log", "--raw", "--text", "zebra", "--json"]] {
            let output = try vault.ok(arguments)
            #expect(output.contains("Zebra crossing") && output.contains("zebra again"), "\(arguments): \(output)")
            // The second block (4,096 events) and the third (311), where the notes and the correction are.
            #expect(try Self.recordsOpened(vault, arguments) <= 4_096 + 311 + 16, "\(arguments)")
        }
        #expect(try vault.ok(["log", "--text", "zebra"]).contains("(corrected)"))
        #expect(try vault.ok(["log", "--text", "caf\u{E9}", "--limit", "1"]).contains("zebra again"))
        #expect(try Self.recordsOpened(vault, ["log", "--text", "giraffe"]) <= 16)
        #expect(try vault.ok(["log", "--text", "ZE", "--limit", "1"]).contains("zebra again"))
        #expect(try Self.recordsOpened(vault, ["log", "--text", "ze", "--raw"]) <= 4_096 + 311 + 16)
        #expect(try Self.recordsOpened(vault, ["log", "--text", "zq"]) <= 16)
        #expect(try Self.recordsOpened(vault, ["log", "--text", "%"]) <= 16)
        // Outside ASCII, typed composed or not.
        #expect(try vault.ok(["log", "--text", "E\u{301}", "--limit", "1"]).contains("zebra again"))
        #expect(try Self.recordsOpened(vault, ["log", "--text", "\u{E9}", "--raw"]) <= 4_096 + 311 + 16)
        #expect(try Self.recordsOpened(vault, ["log", "--text", "головная боль"]) <= 16)
        #expect(try Self.recordsOpened(vault, ["log", "--text", "頭"]) <= 16)
        #expect(try Self.recordsOpened(vault, ["log", "--text", "2026", "--raw"]) >= 8_500)
    }

    /// `log --text` matches an event as readers see it, upcast to its kind's current schema:
    /// a mood stored in schema 1 reads with a scale, which the text index holds too, as
    /// appended, as audited and as rebuilt by `replay`. (No other event of its block holds
    /// those words, so its block's filter alone answers.)
    @Test func anEventStoredInAnOlderSchemaIsFoundByTheTextItReadsWith() throws {
        let vault = try CLIVault()
        try vault.ok(["append", "--jsonl", "-"], stdin: #"{"kind":"mood.rated","schema":1,"start":"2026-04-01T09:00:00+02:00","payload":{"rating":3,"note":"old scale"}}"# + "\n")
        for _ in 0..<2 {
            for arguments in [["log", "--text", "scaleMax"], ["log", "--text", "scalemax", "--kind", "mood", "--limit", "3"]] {
                #expect(try vault.ok(arguments).contains("note='old scale'"), "\(arguments)")
            }
            #expect(try vault.ok(["audit"]).contains("audit clean"))
            try vault.ok(["replay"])
        }
    }

    /// `show`, `correct` and `retract` take the short id `log` shows: it is found through the
    /// short-id index, which opens the events whose tag is the short id's, not the whole log.
    @Test func aShortIDOpensAFewRecordsNotTheLog() throws {
        let vault = try Self.vault(moods: 3_000)
        let newest = try #require(try vault.rawEvents().last?["id"] as? String)
        let short = String(newest.prefix(8))
        #expect(try Self.recordsOpened(vault, ["show", short]) <= 3)
        #expect(try vault.ok(["show", short]).contains(newest))
        // The 3,000 moods' ids all start with eight zeros.
        let shared = try vault.run(["show", "00000000"])
        #expect(shared.status == 65 && shared.stderr.contains("00000000 starts 3000 event ids"), "\(shared.stderr)")
        #expect(try vault.run(["show", "12345678"]).stderr.contains("no event id starts with 12345678"))
    }

    /// The event a short id names is not searched for again by id: not in the command, nor in
    /// the views that fold its amendment (a search of the dedup index's recent tier each).
    @Test func anAmendmentByShortIDSearchesNoDedupKey() throws {
        let vault = try Self.vault(moods: 2_000)
        for command in ["correct", "retract"] {
            let short = try ShortIDTests.label(vault.ok(["mood", "5"])).short
            let arguments = command == "correct" ? [command, short, "rating=2"] : [command, short]
            #expect(try Self.readStatistic("dedupKeysRead", vault, arguments) == 0, "\(arguments)")
        }
        #expect(try vault.ok(["audit"]).contains("audit clean"))
    }

    @Test func aVaultIndexedByThePreviousVersionGainsTheShortIDIndexOnceAndSaysSo() throws {
        let vault = try Self.vault(moods: 50)
        let newest = try #require(try vault.rawEvents().last?["id"] as? String)
        // As the previous version left a vault: its count under the key then, no short ids.
        let tampering = VaultTampering(path: vault.path)
        try tampering.drop("index.shortID")
        try Self.leaveIndexedBy("indexes.covered.4", tampering)

        let first = try vault.run(["show", String(newest.prefix(8))])
        #expect(first.status == 0 && first.stdout.contains(newest), "\(first.stderr)")
        #expect(first.stderr.contains("indexed 53 events by kind, by day, by amended id, running activity, short id and payload text (the index of short ids is new in this version, among other new indexes); this is done once"), "\(first.stderr)")
        #expect(try vault.run(["show", String(newest.prefix(8))]).stderr.isEmpty)
        #expect(try vault.ok(["audit"]).contains("audit clean"))
    }

    @Test func aVaultIndexedByVersionFiveGainsTheTextIndexAndTheShortIDsSortedRunsOnceAndSaysSo() throws {
        let vault = try Self.vault(moods: 50)
        try vault.ok(["mood", "4", "--note", "zebra crossing"])
        let newest = try #require(try vault.rawEvents().last?["id"] as? String)
        // As version 5 left a vault: its count under the key then, no text filters, no sorted runs.
        let tampering = VaultTampering(path: vault.path)
        try tampering.drop("index.text")
        try tampering.drop("index.shortIDRuns")
        try Self.leaveIndexedBy("indexes.covered.5", tampering)

        let first = try vault.run(["log", "--text", "zebra", "--limit", "1"])
        #expect(first.status == 0 && first.stdout.contains("zebra crossing"), "\(first.stderr)")
        #expect(first.stderr.contains("indexed 54 events by kind, by day, by amended id, running activity, short id and payload text (the index of payload text and the short-id index's sorted runs are new in this version, among other new indexes); this is done once"), "\(first.stderr)")
        #expect(try vault.run(["log", "--text", "zebra", "--limit", "1"]).stderr.isEmpty)
        #expect(try vault.ok(["show", String(newest.prefix(8))]).contains(newest))
        #expect(try tampering.entries("index.text").count == 1)
        #expect(try tampering.entries("meta").contains { $0.key == Self.coveredKey })
        #expect(try vault.ok(["audit"]).contains("audit clean"))
    }

    @Test func aVaultIndexedByVersionSixFilesItsEventsUnderTheirSourcesOnceAndSaysSo() throws {
        let vault = try Self.vault(moods: 50)
        try vault.ok(["append", "--jsonl", "-"], stdin: Self.fromSource("Zed\u{2019}s Scale", id: 1))
        try Self.expectIndexedAgainOnce(
            vault, from: "indexes.covered.6", by: ["log", "--source", "ZED\u{2019}S SCALE", "--limit", "1"], finding: "ee000000",
            new: "the index of payload text also files each event under its source in this version, among other new indexes")
        #expect(try vault.ok(["log", "--source", "zed\u{2019}s scale", "--limit", "1"]).contains("ee000000"))
    }

    @Test func aVaultIndexedByVersionSevenFindsShortTextsAndTextOutsideASCIIOnceAndSaysSo() throws {
        let vault = try Self.vault(moods: 50)
        try vault.ok(["mood", "4", "--note", "ZQ головная боль"])
        try Self.expectIndexedAgainOnce(
            vault, from: "indexes.covered.7", by: ["log", "--text", "zq", "--limit", "1"], finding: "ZQ",
            new: "the index of payload text also finds texts of one or two characters, and text outside ASCII, in this version, among other new indexes")
        #expect(try Self.recordsOpened(vault, ["log", "--text", "qz"]) == 0)
        #expect(try vault.ok(["log", "--text", "БОЛЬ", "--limit", "1"]).contains("ZQ"))
        #expect(try Self.recordsOpened(vault, ["log", "--text", "頭痛"]) == 0)
    }

    @Test func aVaultIndexedByVersionEightGainsFiltersOfItsLargeEventsOnceAndSaysSo() throws {
        let vault = try Self.vault(moods: 50)
        try vault.ok(["append", "--jsonl", "-"], stdin: ElectrocardiogramEvents.lines(0..<1))
        try Self.expectIndexedAgainOnce(
            vault, from: "indexes.covered.8", by: ["log", "--text", "chest tightness", "--limit", "1"], finding: "ec000000",
            new: "the index of payload text also keeps a filter of each large event (an ECG, a long route), which a search opens only when its text may be there, in this version")
        // Text the moods' block holds and the ECG does not: every record of the block but the ECG is opened.
        #expect(try Self.recordsOpened(vault, ["log", "--text", "rating"]) == 53)
    }

    /// A search whose block holds large records (ECGs) opens only those whose own filter may
    /// hold its text, and finds what it found before.
    @Test func aTextSearchOpensOnlyTheLargeRecordsWhoseOwnFilterMayHoldTheText() throws {
        let vault = try CLIVault()
        let lines = MoodEvents.lines(0..<1_000) + ElectrocardiogramEvents.lines(0..<60)
            + #"{"id":"ee000000000000000000000000000001","kind":"mood.rated","start":"2026-04-01T09:00:00+02:00","payload":{"rating":3,"note":"Zebra crossing, dizziness"}}"# + "\n"
        try vault.ok(["append", "--jsonl", "-"], stdin: lines)
        let zebra = try vault.ok(["log", "--text", "zebra"])
        #expect(zebra.contains("Zebra crossing") && zebra.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1, "\(zebra)")
        // Every mood of the block may be opened; no ECG is.
        #expect(try Self.recordsOpened(vault, ["log", "--text", "zebra"]) <= 1_001 + 16)
        // "Dizziness" is one ECG's symptom in fifteen, and the note's.
        let dizzy = try vault.ok(["log", "--text", "DIZZINESS", "--raw", "--json"])
        let found = dizzy.components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(found.count == 5 && found.filter { $0.contains("ecg.recorded") }.count == 4, "\(dizzy)")
        #expect(try Self.recordsOpened(vault, ["log", "--text", "dizziness", "--raw"]) <= 1_001 + 4 + 16)
        #expect(try vault.ok(["audit"]).contains("audit clean"))
    }

    /// Leaves `vault` (54 events) as the version that kept its count under `earlierKey` did,
    /// then expects `arguments` to find `finding`, indexing the vault again once and saying
    /// what is `new`, and the vault to audit clean after.
    static func expectIndexedAgainOnce(_ vault: CLIVault, from earlierKey: String, by arguments: [String], finding: String, new: String) throws {
        let tampering = VaultTampering(path: vault.path)
        try leaveIndexedBy(earlierKey, tampering)
        let first = try vault.run(arguments)
        #expect(first.status == 0 && first.stdout.contains(finding), "\(first.stderr)")
        #expect(first.stderr.contains("indexed 54 events by kind, by day, by amended id, running activity, short id and payload text (\(new)); this is done once"), "\(first.stderr)")
        #expect(try vault.run(arguments).stderr.isEmpty)
        #expect(try tampering.entries("meta").contains { $0.key == coveredKey })
        #expect(try vault.ok(["audit"]).contains("audit clean"))
    }

    /// `log --source` reads only the blocks whose text filter may hold the source's code, a
    /// page of the newest or every match alike, and matches names whatever their case.
    @Test func aSourceWithFewEventsOpensTheBlocksThatMayHoldThem() throws {
        let vault = try CLIVault()
        let lines = MoodEvents.lines(0..<4_500) + Self.fromSource("Stra\u{DF}e Scale", id: 1) + MoodEvents.lines(5_000..<9_000)
            + Self.fromSource("STRASSE SCALE", id: 2)
        try vault.ok(["append", "--jsonl", "-"], stdin: lines)
        for arguments in [["log", "--source", "strasse scale"], ["log", "--source", "Stra\u{DF}e scale", "--limit", "5"], ["log", "--raw", "--source", "STRASSE Scale", "--json"]] {
            let output = try vault.ok(arguments)
            #expect(output.contains("ee000000"), "\(arguments): \(output)")
            #expect(output.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 2, "\(arguments): \(output)")
            // The second block (4,096 events) and the third, where the two events are.
            #expect(try Self.recordsOpened(vault, arguments) <= 4_096 + 310 + 16, "\(arguments)")
        }
        #expect(try Self.recordsOpened(vault, ["log", "--source", "Nobody's Watch"]) <= 16)
        #expect(try vault.ok(["log", "--source", "Nobody's Watch"]).isEmpty)
    }

    /// Leaves the vault as an earlier version did: the count of events its indexes cover under
    /// that version's key (`StoreIndexes.earlierCoveredKeys`).
    static func leaveIndexedBy(_ earlierKey: String, _ tampering: VaultTampering) throws {
        let covered = try #require(try tampering.entries("meta").first { $0.key == Self.coveredKey })
        try tampering.delete("meta", keys: [covered.key])
        try tampering.put("meta", [(Array(earlierKey.utf8), covered.value)])
    }

    /// One mood from the source named `name`, as `append --jsonl` takes it.
    static func fromSource(_ name: String, id: Int) -> String {
        #"{"id":"ee"# + String(format: "%030x", id) + #"","kind":"mood.rated","start":"2026-04-01T09:00:00+02:00","source":{"name":""# + name
            + #""},"payload":{"rating":3}}"# + "\n"
    }

    @Test func aVaultIndexedByAnEarlierVersionGainsTheDayIndexOnceAndSaysSo() throws {
        let vault = try Self.vault(moods: 50)
        let (yesterday, tomorrow) = Self.daysAroundToday()
        let before = try vault.ok(["log", "--from", yesterday, "--to", tomorrow])
        // As the version before the day index left a vault: its count under the old key.
        let tampering = VaultTampering(path: vault.path)
        try tampering.drop("index.day")
        try Self.leaveIndexedBy("indexes.covered", tampering)

        let first = try vault.run(["log", "--from", yesterday, "--to", tomorrow])
        #expect(first.stdout == before)
        #expect(first.stderr.contains("indexed 53 events by kind, by day, by amended id, running activity, short id and payload text (the index by day is new in this version, among other new indexes); this is done once"), "\(first.stderr)")
        #expect(try vault.run(["log", "--limit", "1"]).stderr.isEmpty)
        #expect(try vault.ok(["audit"]).contains("audit clean"))
    }

    @Test func logOfARangeOfTimesShowsWhatTheWholeLogPassShows() throws {
        let vault = try CLIVault()
        // Moods an hour apart for three days, at offsets from -12 h to +14 h, corrected and retracted now and then.
        let lines = (0..<72).map { index in
            let offset = index % 27 - 12
            let zone = String(format: "%@%02d:00", offset < 0 ? "-" : "+", abs(offset))
            let utc = Date(timeIntervalSince1970: 1_775_001_600 + Double(index) * 3_600)
            let format = DateFormatter()
            format.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
            format.timeZone = TimeZone(secondsFromGMT: offset * 3_600)
            return String(format: #"{"id":"%032x","kind":"mood.rated","start":"%@%@","payload":{"rating":%d}}"#, index + 1, format.string(from: utc), zone, 1 + index % 10)
        }
        try vault.ok(["append", "--jsonl", "-"], stdin: lines.joined(separator: "\n") + "\n")
        try vault.ok(["correct", String(format: "%032x", 30), "rating=2"])
        try vault.ok(["retract", String(format: "%032x", 31)])
        let whole = try vault.ok(["log", "--json"]).split(separator: "\n").map(String.init)
        let iso = ISO8601DateFormatter(), precise = ISO8601DateFormatter()
        precise.formatOptions.insert(.withFractionalSeconds)
        func start(_ line: String) throws -> Date {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let text = try #require(object?["start"] as? String)
            return try #require(iso.date(from: text) ?? precise.date(from: text))
        }
        for (from, to) in [("2026-04-01T00:00:00Z", "2026-04-01T23:59:59Z"), ("2026-04-01T18:30:00+09:00", "2026-04-02T02:00:00-07:00"),
                           ("2026-03-31T00:00:00Z", "2026-04-05T00:00:00Z"), ("2026-04-02T10:00:00Z", "2026-04-02T10:00:00Z")] {
            let (first, last) = (try #require(iso.date(from: from)), try #require(iso.date(from: to)))
            let expected = try whole.filter { let time = try start($0); return time >= first && time <= last }
            let ranged = try vault.ok(["log", "--json", "--from", from, "--to", to]).split(separator: "\n").map(String.init)
            #expect(ranged == expected, "\(from) … \(to)")
            #expect(!expected.isEmpty || from == to, "\(from) … \(to)")
            let raw = try vault.ok(["log", "--raw", "--json"]).split(separator: "\n").map(String.init)
            #expect(try vault.ok(["log", "--raw", "--json", "--from", from, "--to", to]).split(separator: "\n").map(String.init)
                == raw.filter { let time = try start($0); return time >= first && time <= last })
        }
    }

    @Test func auditNamesATamperedIndexEntryBySequence() throws {
        let vault = try Self.vault(moods: 30)
        try vault.ok(["correct", String(format: "%032x", 4), "rating=2"])
        try vault.ok(["start", "Reading"])
        #expect(try vault.ok(["audit"]).contains("audit clean"))
        let tampering = VaultTampering(path: vault.path)
        let kinds = try tampering.entries("index.kind")
        func sequence(_ key: [UInt8]) -> UInt64 { key.suffix(8).reduce(0) { $0 << 8 | UInt64($1) } }
        let entryOf12 = try #require(kinds.first { sequence($0.key) == 12 })
        // Missing: the entry of sequence 12. Extra: one of its kind at 31, the fatigue event.
        try tampering.delete("index.kind", keys: [entryOf12.key])
        try tampering.put("index.kind", [(Array(entryOf12.key.prefix(8)) + [0, 0, 0, 0, 0, 0, 0, 31], [])])
        let amendment = try #require(try tampering.entries("index.amendments").first)
        try tampering.delete("index.amendments", keys: [amendment.key])
        let result = try vault.run(["audit"])
        #expect(result.status == 10)
        #expect(result.stdout.contains("PROBLEM index at sequence 12: the kind index has no entry for this mood.rated event"), "\(result.stdout)")
        #expect(result.stdout.contains("PROBLEM index at sequence 31: the kind index lists it as mood.rated, which it is not"), "\(result.stdout)")
        #expect(result.stdout.contains("PROBLEM index at sequence 33: the amendment index lacks this amendment"), "\(result.stdout)")
        #expect(try vault.ok(["replay"]).contains("store indexes: rebuilt from 35 events"))
        #expect(try vault.ok(["audit"]).contains("audit clean"))
    }

    @Test func auditNamesRunningActivitiesThatDisagreeWithTheLog() throws {
        let vault = try Self.vault(moods: 5)
        try vault.ok(["start", "Reading"])
        let tampering = VaultTampering(path: vault.path)
        let stored = try #require(try tampering.entries("index.activities").first)
        try vault.ok(["stop", "Reading"])
        // Rolled back to the sealed value from before the stop: it still opens.
        try tampering.put("index.activities", [stored])
        let result = try vault.run(["audit"])
        #expect(result.status == 10)
        #expect(result.stdout.contains("PROBLEM index at sequence 8: the running activities index disagrees with the starts and stops in the log (running: #8)"), "\(result.stdout)")
    }
}
