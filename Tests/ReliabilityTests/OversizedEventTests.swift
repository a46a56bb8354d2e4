import Foundation
import Testing
import TestSupport

/// One JSONL line can neither brick the vault nor exhaust the machine. Before, a line
/// whose event encoded past 64 MiB was stored and every later read of the log failed
/// ("implausible size"); a 300 MB line took 3.1 GB; 500,000 fields in one event kept the
/// query index busy for over 11 minutes.
@Suite struct OversizedEventTests {
    /// Writes a JSONL file: one mood, then a line of `head`, `count` times `unit`, and `tail`.
    static func input(in vault: CLIVault, head: String, repeating unit: String, count: Int, tail: String) throws -> String {
        let file = vault.root + "/input-\(UUID().uuidString).jsonl"
        FileManager.default.createFile(atPath: file, contents: Data(MoodEvents.lines(0..<1).utf8))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(head.utf8))
        let chunk = Data(String(repeating: unit, count: 1 << 16).utf8)
        for _ in 0..<(count >> 16) { try handle.write(contentsOf: chunk) }
        try handle.write(contentsOf: Data(String(repeating: unit, count: count % (1 << 16)).utf8))
        try handle.write(contentsOf: Data(tail.utf8))
        return file
    }

    static let moodHead = #"{"kind":"mood.rated","start":"2026-04-01T09:00:00+02:00","payload":{"rating":5,"#

    /// A vault holding one event from an earlier command.
    static func vaultWithOneEvent() throws -> CLIVault {
        let vault = try CLIVault()
        try vault.ok(["append", "mood.rated", "rating=7", "--at", "2026-04-01T08:00:00+02:00"])
        return vault
    }

    /// The vault holds the earlier event only (the refused line's batch is not stored) and
    /// reads and audits clean.
    static func expectOnlyTheFirstEvent(_ vault: CLIVault, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try vault.rawEvents().count == 1, sourceLocation: sourceLocation)
        #expect(try vault.run(["audit"]).status == 0, sourceLocation: sourceLocation)
        #expect(try vault.run(["daily", "--from", "2026-04-01", "--to", "2026-04-01"]).status == 0, sourceLocation: sourceLocation)
    }

    @Test func aLineLongerThanAnEventMayBeIsRefusedWithoutReadingItWhole() throws {
        let vault = try Self.vaultWithOneEvent()
        let file = try Self.input(in: vault, head: Self.moodHead + #""note":""#, repeating: "x", count: 96 << 20, tail: "\"}}\n")
        let result = try MeasuredRun.run(["append", "--jsonl", "-", "--vault", vault.path, "--passphrase-file", vault.passphraseFile], stdinFile: file)
        #expect(result.status == 65, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.contains("- line 2: the line is longer than 64 MiB, the most an event may take"), "\(result.stderr)")
        #expect(result.peakMemory < 200 << 20, "peak \(result.peakMemory >> 20) MiB for a 96 MiB line")
        try Self.expectOnlyTheFirstEvent(vault)
    }

    @Test func anEventThatEncodesLargerThanARecordMayBeIsRefusedBeforeItIsStored() throws {
        let vault = try Self.vaultWithOneEvent()
        // 6 bytes of JSON per number, 9 encoded (a tag and a double): a 48 MiB line, 72 MiB encoded.
        let count = 8 << 20
        let file = try Self.input(in: vault, head: Self.moodHead + #""samples":[1e300"#, repeating: ",1e300", count: count - 1, tail: "]}}\n")
        // --force: `samples` is no field of a mood; the size is what is refused.
        let result = try vault.run(["append", "--jsonl", file, "--force"])
        #expect(result.status == 65, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.contains("line 2: mood.rated: event = "), "\(result.stderr)")
        #expect(result.stderr.contains("bytes encoded is larger than the 64 MiB an event may take; large content belongs in a blob"), "\(result.stderr)")
        try Self.expectOnlyTheFirstEvent(vault)
    }

    @Test(.timeLimit(.minutes(2)))
    func anEventWithHalfAMillionFieldsIsRefusedAtOnce() throws {
        let vault = try Self.vaultWithOneEvent()
        let fields = (0..<500_000).map { "\"f\($0)\":\($0)" }.joined(separator: ",")
        let file = vault.root + "/wide.jsonl"
        try (MoodEvents.lines(0..<1) + Self.moodHead + fields + "}}\n").write(toFile: file, atomically: true, encoding: .utf8)
        let started = Date()
        let result = try vault.run(["append", "--jsonl", file])
        #expect(result.status == 65, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.contains("line 2: mood.rated: payload = 500001 fields is more than the 1000 named fields an event may have"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 60)
        try Self.expectOnlyTheFirstEvent(vault)
    }

    @Test func anEventWithAsManyFieldsAsAllowedIsStoredAndQueried() throws {
        let vault = try CLIVault()
        // 999 fields and the rating: 1,000.
        let fields = (1..<1_000).map { "\"f\($0)\":\($0)" }.joined(separator: ",")
        // --force: f1…f999 are no fields of a mood, which `append` refuses without it.
        try vault.ok(["append", "--jsonl", "-", "--force"], stdin: Self.moodHead + fields + "}}\n")
        let rows = try vault.ok(["query", "mood where f999 = 999 and f1 = 1", "--json"])
        #expect(rows.contains("2026-04-01"), "the event is a row of the index: \(rows)")
    }
}
