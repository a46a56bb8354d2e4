import Foundation
@testable import LedgerStore
import Testing
import TestSupport

/// Several programs on one vault: readers see whole batches while a writer commits, a
/// reader killed mid-read leaves no slot that would pin old pages (and grow the file)
/// forever, and a map grown by one process is adopted by another.
@Suite struct ConcurrencyTests {
    static func arguments(_ vault: CLIVault, _ command: [String]) -> [String] {
        command + ["--vault", vault.path, "--passphrase-file", vault.passphraseFile]
    }

    @Test func readersDuringWritesSeeWholeBatchesAndACleanAudit() throws {
        let vault = try CLIVault()
        let writer = try CLI.start(Self.arguments(vault, ["append", "--jsonl", "-", "--batch-size", "100"]))
        DispatchQueue.global().async {
            try? writer.input.fileHandleForWriting.write(contentsOf: Data(MoodEvents.lines(0..<6_000).utf8))
            try? writer.input.fileHandleForWriting.close()
        }
        var snapshots: [Int] = []
        while writer.process.isRunning || snapshots.isEmpty {
            let count = try vault.rawEvents().count
            #expect(count % 100 == 0, "a reader saw \(count) events: part of a batch")
            snapshots.append(count)
            let audit = try vault.run(["audit"])
            #expect(audit.status == 0, "an audit during the writes: \(audit.stdout)")
        }
        writer.process.waitUntilExit()
        #expect(writer.process.terminationStatus == 0)
        #expect(snapshots == snapshots.sorted(), "later readers never see fewer events")
        #expect(try vault.rawEvents().count == 6_000)
    }

    @Test func aReaderKilledMidReadLeavesNoStaleSlotOnceTheNextCommandRuns() throws {
        let vault = try CLIVault()
        try vault.ok(["append", "--jsonl", "-"], stdin: MoodEvents.lines(0..<20_000))
        // This process keeps the vault open so LMDB's reader table outlives the reader.
        let observer = try Environment(path: vault.path, mapSize: Ledger.defaultMapSize)
        let reader = try CLI.start(Self.arguments(vault, ["audit"]))
        let pid = reader.process.processIdentifier
        // Killed as soon as LMDB's table shows its read in progress.
        while reader.process.isRunning, !observer.readerProcesses.contains(pid) { usleep(2_000) }
        kill(pid, SIGKILL)
        reader.process.waitUntilExit()
        try #require(reader.process.terminationReason == .uncaughtSignal, "the audit was killed before it finished")
        try #require(observer.readerProcesses.contains(pid), "the killed reader's slot is still in the table")

        let sizeBefore = try #require(Environment.fileSize(vault.path + "/data.mdb"))
        for _ in 0..<20 { try vault.ok(["mood", "5"]) }
        #expect(!observer.readerProcesses.contains(pid), "the next command cleared the dead reader's slot (mdb_reader_check)")
        let sizeAfter = try #require(Environment.fileSize(vault.path + "/data.mdb"))
        #expect(sizeAfter - sizeBefore < 512 * 1024, "twenty small appends reuse freed pages instead of growing the file (\(sizeBefore) → \(sizeAfter))")
    }

    @Test func aMapGrownByOneProcessIsAdoptedByAnother() throws {
        let vault = try CLIVault()
        let ledger = try vault.openLedger(mapSize: 256 * 1024)
        try ledger.append(MoodEvents.events(count: 3_000, first: 0))
        #expect(ledger.environment.mapSize > 256 * 1024, "this process grew its full map")
        try vault.ok(["append", "--jsonl", "-"], stdin: MoodEvents.lines(3_000..<5_000))
        #expect(try ledger.count() == 5_000, "this process adopted the map the CLI grew, and reads its events")
        try ledger.append(MoodEvents.events(count: 1_000, first: 5_000))
        #expect(try vault.rawEvents().count == 6_000)
        #expect(try vault.run(["audit"]).status == 0)
    }
}
