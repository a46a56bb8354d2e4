import Foundation
import Testing
import TestSupport

/// `log` streams the log. Before, it held every event it matched and cut `--limit N` at the
/// end, so a 2M-record vault took 3 GB and 11 s to show one line.
@Suite struct LogMemoryTests {
    @Test func theLastEventsOfALongLogAreShownWithoutHoldingTheRest() throws {
        let vault = try CLIVault()
        // 100,000 events of about 1 kB each: about 110 MB once decoded and held.
        let note = String(repeating: "y", count: 1_000)
        let file = vault.root + "/long.jsonl"
        FileManager.default.createFile(atPath: file, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        for minute in 0..<100_000 {
            let start = String(format: "2026-%02d-%02dT%02d:%02d:00Z", 1 + minute / (28 * 1440) % 12, 1 + minute / 1440 % 28, minute / 60 % 24, minute % 60)
            let line = #"{"kind":"mood.rated","start":"\#(start)","payload":{"rating":5,"scaleMin":1,"scaleMax":10,"note":"\#(note)"}}"# + "\n"
            try handle.write(contentsOf: Data(line.utf8))
        }
        try handle.close()
        try vault.ok(["append", "--jsonl", file])
        let empty = vault.root + "/empty"
        FileManager.default.createFile(atPath: empty, contents: nil)
        for raw in [false, true] {
            let result = try MeasuredRun.run(
                ["log", "--limit", "2", "--vault", vault.path, "--passphrase-file", vault.passphraseFile] + (raw ? ["--raw"] : []), stdinFile: empty)
            #expect(result.status == 0, "\(result.stderr)")
            let sequences = result.stdout.split(separator: "\n").map { $0.prefix(while: { $0 != " " }) }
            #expect(sequences == ["#99998", "#99999"], "the last two, oldest first")
            #expect(result.peakMemory < 150 << 20, "log --limit 2\(raw ? " --raw" : ""): peak \(result.peakMemory >> 20) MiB")
        }
    }
}
