import DemoData
import Foundation
import LedgerCore
import LedgerStore

/// Wall time of each example query of docs/query.md over a generated vault, process start
/// and an unlocked session included, beside the peer: reading every event of the log once.
enum QueryBench {
    static let examples = [
        #"mood where rating <= 3 and within 30m after activity "Socializing""#,
        "heart_rate avg by hour where last 7d",
        #"dose where medication = "Ibuprofen" and (note contains "headache" or hour >= 20)"#,
        "sleep.total by day where weekday",
        "mood avg, mood min by day where between 2026-01-01 and 2026-03-31",
    ]

    static func run(binary: String, events: Int, runs: Int = 5) throws {
        let (ledger, _, vault) = try scratchLedger("query")
        defer { try? FileManager.default.removeItem(atPath: vault) }
        let passphraseFile = vault + ".pass"
        try "bench\n".write(toFile: passphraseFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: passphraseFile) }

        var generator = DemoGenerator(seed: 2026)
        let appender = BulkAppender(ledger: ledger)
        var appended = 0, last: Int64 = 0, day = 0
        let batch = generator.setup()
        try appender.add(batch)
        appended += batch.count
        while appended < events {
            let today = Array(generator.day(day).prefix(events - appended))
            try appender.add(today)
            appended += today.count
            last = max(last, today.map(\.start.micros).max() ?? last)
            day += 1
        }
        _ = try appender.finish()
        print("vault of \(appended) generated events over \(day) days")

        let peerStarted = Date()
        var read = 0
        try ledger.forEach { _ in read += 1; return true }
        let scan = Date().timeIntervalSince(peerStarted)
        print("peer — reading every event of the log once, in process: \(String(format: "%.2f", scan)) s (\(read) events)")

        _ = try CLIBench.invoke(binary, ["unlock", "--vault", vault, "--passphrase-file", passphraseFile, "--ttl", "10m"])
        defer { _ = try? CLIBench.invoke(binary, ["lock", "--vault", vault]) }
        let now = Timestamp(micros: last).iso8601(utcOffset: 0)
        let common = ["--vault", vault, "--now", now, "--format", "csv"]
        let first = try CLIBench.invoke(binary, ["query", "mood count"] + common)
        print("first query, catching the query-index and daily-metrics views up with \(appended) events: \(String(format: "%.2f", first)) s")
        for query in examples {
            var times = try (0..<runs).map { _ in try CLIBench.invoke(binary, ["query", query] + common) }
            times.sort()
            print(String(format: "%7.0f ms median, %7.0f ms max  ", times[runs / 2] * 1000, times[runs - 1] * 1000) + query)
        }
    }
}
