import DemoData
import Foundation
import Synchronization
import PropertyBased
import Testing
import TestSupport

/// Issue 40 case 3: several processes appending to one vault at once, each bringing the views
/// up to date after its appends. Before, a catch-up read partitions another writer had saved
/// meanwhile and applied those events again (daily step counts and the calorie credit came
/// out too high); the log and `audit` were right. Now every view equals a replay from scratch.
@Suite struct ConcurrentWriterViewsTests {
    /// Step samples of one writer's round, spread over the same ten days as every other
    /// writer's, so that their folds touch the same partitions; ids unique per writer and round.
    static func lines(writer: Int, round: Int, count: Int, random: inout SeededRandom) -> String {
        (0..<count).map { index in
            let day = 1 + Int(random.next() % 10)
            let minute = Int(random.next() % 1_380)
            let id = String(format: "%08x%08x%016x", writer + 1, round + 1, index + 1)
            let time = String(format: "2026-01-%02dT%02d:%02d:00+01:00", day, minute / 60, minute % 60)
            let end = String(format: "2026-01-%02dT%02d:%02d:30+01:00", day, minute / 60, minute % 60)
            return #"{"id":"\#(id)","kind":"sample.recorded","start":"\#(time)","end":"\#(end)","payload":{"type":"HKQuantityTypeIdentifierStepCount","value":\#(1 + random.next() % 50),"unit":"count"}}"#
        }.joined(separator: "\n") + "\n"
    }

    @Test func viewsEqualAReplayFromScratchAfterAnyInterleavingOfConcurrentWriters() async throws {
        await propertyCheck(count: 4, input: Gen.int(in: 2...4), Gen.int(in: 1...3), Gen.int(in: 0...Int(Int32.max))) { writers, rounds, seed in
            do {
                try Self.check(writers: writers, rounds: rounds, seed: UInt64(seed))
            } catch {
                Issue.record("\(writers) writers, \(rounds) rounds, seed \(seed): \(error)")
            }
        }
    }

    /// `writers` threads each run `rounds` `append --jsonl` processes one after another, each
    /// after a random pause, so that their commits and catch-ups interleave differently per seed.
    static func check(writers: Int, rounds: Int, seed: UInt64) throws {
        let vault = try CLIVault()
        var random = SeededRandom(seed: seed)
        let plans = try (0..<writers).map { writer in
            try (0..<rounds).map { round in
                let file = vault.root + "/writer-\(writer)-\(round).jsonl"
                let count = 1_500 + Int(random.next() % 3_000)
                try lines(writer: writer, round: round, count: count, random: &random).write(toFile: file, atomically: true, encoding: .utf8)
                return (file: file, pauseMicros: UInt32(random.next() % 150_000))
            }
        }
        let failures = Mutex<[String]>([])
        let unlock = ["--vault", vault.path, "--passphrase-file", vault.passphraseFile]
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            for (file, pause) in plans[writer] {
                usleep(pause)
                do {
                    let result = try CLI.run(["append", "--jsonl", file, "--batch-size", String(500 + writer * 300)] + unlock)
                    if result.status != 0 || result.stderr.contains("not updated") { failures.withLock { $0.append("append \(file) → \(result.status): \(result.stderr)") } }
                } catch {
                    failures.withLock { $0.append("append \(file): \(error)") }
                }
            }
        }
        let failed = failures.withLock { $0 }
        #expect(failed.isEmpty, "\(failed)")
        let replay = try vault.run(["replay", "--dry-run"])
        #expect(replay.status == 0, "\(replay.stderr)")
        let reports = replay.stdout.split(separator: "\n").filter { $0.hasPrefix("dry run of") }
        #expect(reports.count == 5, "\(replay.stdout)")
        #expect(reports.allSatisfy { $0.hasSuffix("no change") }, "\(writers) writers × \(rounds) rounds, seed \(seed): \(replay.stdout)")
    }
}
