import Foundation
import Testing
import TestSupport

@Suite struct DurabilityTests {
    @Test func anOlderCopyOverTheVaultIsReportedAsARollback() throws {
        let vault = try CLIVault()
        try vault.ok(["append", "--jsonl", "-"], stdin: MoodEvents.lines(0..<100))
        let older = vault.root + "/older"
        try FileManager.default.copyItem(atPath: vault.path, toPath: older)
        try vault.ok(["append", "--jsonl", "-"], stdin: MoodEvents.lines(100..<150))
        let checkpoint = vault.root + "/checkpoint.txt"
        try vault.ok(["checkpoint", "export", checkpoint])
        let note = try String(contentsOfFile: checkpoint, encoding: .utf8)
        #expect(note.split(separator: "\n")[1] == "150")
        #expect(note.contains("\n\n— healthledger.local/vault/"))

        let grew = try vault.run(["audit", "--checkpoint", checkpoint])
        #expect(grew.status == 0)
        try vault.ok(["mood", "5"])
        let stillConsistent = try vault.run(["audit", "--checkpoint", checkpoint])
        #expect(stillConsistent.stdout.contains("consistent: the log only grew since the checkpoint (150 → 151 events)"))

        try FileManager.default.removeItem(atPath: vault.path)
        try FileManager.default.copyItem(atPath: older, toPath: vault.path)
        // On another machine, which keeps no witness of this vault: the exported checkpoint tells.
        let elsewhere = ["--vault", vault.path, "--passphrase-file", vault.passphraseFile]
        let otherMachine = ["XDG_STATE_HOME": vault.root + "/another-machine"]
        #expect(try CLI.run(["audit"] + elsewhere, environment: otherMachine).status == 0, "the older copy is self-consistent on its own")
        let rolledBack = try CLI.run(["audit", "--checkpoint", checkpoint] + elsewhere, environment: otherMachine)
        #expect(rolledBack.status == 11)
        #expect(rolledBack.stdout.contains("ROLLBACK: the checkpoint covers 150 events but the vault holds 100"))
    }

    @Test func aForgedCheckpointIsRefused() throws {
        let vault = try CLIVault()
        try vault.ok(["mood", "5"])
        let checkpoint = vault.root + "/checkpoint.txt"
        try vault.ok(["checkpoint", "export", checkpoint])
        let forged = try String(contentsOfFile: checkpoint, encoding: .utf8).replacingOccurrences(of: "\n1\n", with: "\n2\n")
        try forged.write(toFile: checkpoint, atomically: true, encoding: .utf8)
        let result = try vault.run(["audit", "--checkpoint", checkpoint])
        #expect(result.status == 65)
        #expect(result.stderr.contains("signature does not verify"))
    }

    /// kill -9 in the middle of bulk appends, again and again: whatever was acknowledged is
    /// there, nothing is half-written, and the next run carries on.
    @Test func killNineDuringBulkAppendLosesNothingAcknowledged() throws {
        let vault = try CLIVault()
        let total = 6_000
        let input = MoodEvents.lines(0..<total)
        var acknowledged = 0
        var generator = SystemRandomNumberGenerator()
        for iteration in 0..<20 {
            let running = try CLI.start(["append", "--jsonl", "-", "--batch-size", "50", "--ack", "--vault", vault.path, "--passphrase-file", vault.passphraseFile])
            DispatchQueue.global().async {
                try? running.input.fileHandleForWriting.write(contentsOf: Data(input.utf8))
                try? running.input.fileHandleForWriting.close()
            }
            // Every other run is killed at a random moment after its first acknowledgment,
            // however slow the machine, so that some runs always commit before the kill;
            // the others at a random moment from the start, before or during the first commit.
            var received = Data()
            let reader = running.output.fileHandleForReading
            if iteration % 2 == 1 {
                while !String(decoding: received, as: UTF8.self).contains("committed ") {
                    let chunk = reader.availableData
                    if chunk.isEmpty { break }
                    received.append(chunk)
                }
                usleep(useconds_t.random(in: 0...200_000, using: &generator))
            } else {
                usleep(useconds_t.random(in: 150_000...450_000, using: &generator))
            }
            kill(running.process.processIdentifier, SIGKILL)
            running.process.waitUntilExit()
            received.append(reader.readDataToEndOfFile())
            let output = String(decoding: received, as: UTF8.self)
            let lines = output.split(separator: "\n").compactMap { $0.hasPrefix("committed ") ? Int($0.dropFirst(10)) : nil }
            acknowledged = max(acknowledged, lines.max() ?? 0)
            let stored = Set(try vault.rawEvents().compactMap { $0["id"] as? String })
            let expected = (0..<acknowledged).map { String(format: "%032x", $0 + 1) }
            #expect(expected.allSatisfy(stored.contains), "every acknowledged event is stored (\(acknowledged) acknowledged, \(stored.count) stored)")
            #expect(stored.count <= total)
            let audit = try vault.run(["audit"])
            #expect(audit.status == 0, "\(audit.stdout)")
        }
        #expect(acknowledged > 0, "some runs got far enough to commit")
        try vault.ok(["append", "--jsonl", "-"], stdin: input)
        #expect(try vault.rawEvents().count == total, "a last run completes the import, with no duplicates")
    }

    @Test func twoProcessesAppendingAtOnceBothSucceed() throws {
        let vault = try CLIVault()
        let first = try CLI.start(["append", "--jsonl", "-", "--batch-size", "10", "--vault", vault.path, "--passphrase-file", vault.passphraseFile])
        let second = try CLI.start(["append", "--jsonl", "-", "--batch-size", "10", "--vault", vault.path, "--passphrase-file", vault.passphraseFile])
        for (running, range) in [(first, 0..<1_000), (second, 1_000..<2_000)] {
            DispatchQueue.global().async {
                try? running.input.fileHandleForWriting.write(contentsOf: Data(MoodEvents.lines(range).utf8))
                try? running.input.fileHandleForWriting.close()
            }
        }
        first.process.waitUntilExit()
        second.process.waitUntilExit()
        #expect(first.process.terminationStatus == 0)
        #expect(second.process.terminationStatus == 0)
        #expect(try vault.rawEvents().count == 2_000)
        #expect(try vault.run(["audit"]).status == 0)
    }
}
