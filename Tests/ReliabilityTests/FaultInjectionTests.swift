import Foundation
import Testing
import TestSupport

/// I/O errors injected at the Nth call of fdatasync, pwrite or fsync, sweeping N over every
/// call a command makes (a sample of them in CI): the command fails with its exit code and a
/// clear message, every acknowledged event is there, no batch is half-written, the audit is
/// clean, the views rebuild and running the command again completes it.
@Suite(.serialized) struct FaultInjectionTests {
    static let batch = 50
    static let baseline = 50
    static let appended = 200

    /// A vault holding the baseline events, made once per test and copied for every run.
    static func template() throws -> CLIVault {
        let vault = try CLIVault()
        try vault.ok(["append", "--jsonl", "-"], stdin: MoodEvents.lines(0..<baseline))
        return vault
    }

    /// A fresh copy of the template, and the input file of the events to append.
    static func prepared(from template: CLIVault) throws -> (vault: CLIVault, input: String) {
        let vault = try CLIVault()
        try FileManager.default.removeItem(atPath: vault.path)
        try FileManager.default.copyItem(atPath: template.path, toPath: vault.path)
        let input = vault.root + "/append.jsonl"
        try MoodEvents.lines(baseline..<(baseline + appended)).write(toFile: input, atomically: true, encoding: .utf8)
        return (vault, input)
    }

    static func appendArguments(_ vault: CLIVault, _ input: String) -> [String] {
        ["append", "--jsonl", input, "--batch-size", String(batch), "--ack", "--vault", vault.path, "--passphrase-file", vault.passphraseFile]
    }

    /// Runs the append with the fault, then checks every promise; returns whether the fault stopped it.
    static func appendUnderFault(_ template: CLIVault, call: String, at number: Int, errno: String, expectedStatus: Int32) throws -> Bool {
        let (vault, input) = try prepared(from: template)
        let faulted = try CLI.run(appendArguments(vault, input), environment: FaultShim.environment(failing: call, at: number, errno: errno))
        let context = "\(call) #\(number) failing with \(errno)"
        let acknowledged = faulted.stdout.split(separator: "\n").compactMap { $0.hasPrefix("committed ") ? Int($0.dropFirst(10)) : nil }.max() ?? 0
        if faulted.status != 0 {
            #expect(faulted.status == expectedStatus, "\(context): exit \(faulted.status): \(faulted.stderr)")
            #expect(faulted.stderr.contains(errno == "ENOSPC" ? "the disk is full" : "Input/output error"), "\(context): \(faulted.stderr)")
        }
        let audit = try vault.run(["audit"])
        #expect(audit.status == 0, "\(context): audit after the fault: \(audit.stdout)")
        let stored = try vault.rawEvents().compactMap { $0["id"] as? String }
        #expect(stored.count >= baseline + acknowledged, "\(context): \(acknowledged) acknowledged, \(stored.count - baseline) stored")
        #expect((stored.count - baseline) % batch == 0, "\(context): \(stored.count - baseline) stored is not whole batches of \(batch)")
        #expect(stored == (0..<stored.count).map { String(format: "%032x", $0 + 1) }, "\(context): the stored events are the input's, in order")

        let again = try CLI.run(appendArguments(vault, input))
        #expect(again.status == 0, "\(context): the next run: \(again.stderr)")
        #expect(try vault.rawEvents().count == baseline + appended, "\(context): the next run completes the append, without duplicates")
        let replay = try vault.run(["replay"])
        #expect(replay.status == 0, "\(context): the views rebuild: \(replay.stderr)")
        return faulted.status != 0
    }

    @Test(arguments: [("fdatasync", "EIO", Int32(74)), ("pwrite", "EIO", 74), ("pwrite", "ENOSPC", 75)])
    func appendSurvivesAFailingCallAtEveryPoint(call: String, errno: String, status: Int32) throws {
        let template = try Self.template()
        let (vault, input) = try Self.prepared(from: template)
        let calls = try #require(try FaultShim.callCounts(Self.appendArguments(vault, input), in: vault.root)[call])
        // The batches' commits, then the views' one save.
        #expect(calls >= 3, "the append commits at least three times")
        var stopped = 0
        let numbers = FaultShim.callNumbers(upTo: calls, ciSample: call == "fdatasync" ? 4 : 3)
        for number in numbers where try Self.appendUnderFault(template, call: call, at: number, errno: errno, expectedStatus: status) { stopped += 1 }
        #expect(stopped > 0, "at least one injected fault stops the append")
        print("fault injection: append, \(call) failing with \(errno): \(numbers.count) of \(calls) calls tried, \(stopped) stopped the command, nothing acknowledged was lost")
    }

    /// A quick entry waits for the disk twice, whatever the number of views: its event's
    /// commit and one save of every view it brings up to date (each view saved alone made six).
    @Test func aQuickEntrySavesItsViewsInOneSync() throws {
        let vault = try Self.template()
        try vault.ok(["mood", "5"])
        let counts = try FaultShim.callCounts(["mood", "6", "--vault", vault.path, "--passphrase-file", vault.passphraseFile], in: vault.root)
        #expect(counts["fdatasync"] == 2, "\(counts)")
        #expect(try vault.ok(["audit"]).contains("audit clean"))
    }

    @Test func importSurvivesAFailingSyncAtEveryPoint() throws {
        let folder = ErasureTests.faces.replacingOccurrences(of: "faces/flat", with: "sharehealth")
        let counting = try CLIVault()
        let calls = try #require(try FaultShim.callCounts(
            ["import", "sharehealth", folder, "--zone", "Europe/Paris", "--vault", counting.path, "--passphrase-file", counting.passphraseFile],
            in: counting.root)["fdatasync"])
        for number in FaultShim.callNumbers(upTo: calls, ciSample: 3) {
            let vault = try CLIVault()
            let faulted = try CLI.run(
                ["import", "sharehealth", folder, "--zone", "Europe/Paris", "--vault", vault.path, "--passphrase-file", vault.passphraseFile],
                environment: FaultShim.environment(failing: "fdatasync", at: number))
            if faulted.status != 0 { #expect(faulted.status == 74, "fdatasync #\(number): \(faulted.stderr)") }
            #expect(try vault.run(["audit"]).status == 0, "fdatasync #\(number)")
            try vault.ok(["import", "sharehealth", folder, "--zone", "Europe/Paris"])
            #expect(try vault.rawEvents().count == 25, "fdatasync #\(number): the next import completes it")
            #expect(try vault.run(["daily", "--from", "2024-01-15", "--to", "2024-01-15", "--json"]).stdout.contains(#""step_count":8543"#))
        }
        print("fault injection: import sharehealth, fdatasync failing: \(FaultShim.callNumbers(upTo: calls, ciSample: 3).count) of \(calls) calls tried, nothing lost")
    }

    /// vault.json is replaced by write, fsync, rename, fsync of the folder: whichever step
    /// fails, exactly one of the two passphrases opens the vault.
    @Test func passwdLeavesExactlyOneWorkingPassphraseWhicheverFsyncFails() throws {
        let counting = try CLIVault()
        let newPassphrase = counting.root + "/new"
        try "the new passphrase\n".write(toFile: newPassphrase, atomically: true, encoding: .utf8)
        let calls = try #require(try FaultShim.callCounts(
            ["passwd", "--kdf", "interactive", "--new-passphrase-file", newPassphrase, "--vault", counting.path, "--passphrase-file", counting.passphraseFile],
            in: counting.root)["fsync"])
        #expect(calls >= 2, "the temporary file and the folder are synced")
        for number in 1...calls {
            let vault = try CLIVault()
            try vault.ok(["mood", "5"])
            let faulted = try CLI.run(
                ["passwd", "--kdf", "interactive", "--new-passphrase-file", newPassphrase, "--vault", vault.path, "--passphrase-file", vault.passphraseFile],
                environment: FaultShim.environment(failing: "fsync", at: number))
            #expect(faulted.status == 74, "fsync #\(number): \(faulted.stderr)")
            let withOld = try vault.run(["log"]).status
            let withNew = try CLI.run(["log", "--vault", vault.path, "--passphrase-file", newPassphrase]).status
            #expect([withOld, withNew].sorted() == [0, 77], "fsync #\(number): old → \(withOld), new → \(withNew)")
        }
    }
}
