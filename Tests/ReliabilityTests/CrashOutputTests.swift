import Foundation
import Testing
import TestSupport

/// A crash prints no memory and writes no core file, so no key can leave the process that way.
@Suite struct CrashOutputTests {
    /// Sent from outside, as a fault would raise them; SIGABRT is left out because this
    /// process keeps it blocked, so only its own abort() can raise it.
    @Test(arguments: [SIGSEGV, SIGBUS, SIGILL, SIGTRAP])
    func aCrashWhileTheKeyIsInMemoryPrintsNoMemoryAndDumpsNoCore(signal: Int32) throws {
        let vault = try CLIVault()
        let running = try CLI.start(["append", "--jsonl", "-", "--ack", "--batch-size", "1000", "--vault", vault.path, "--passphrase-file", vault.passphraseFile])
        DispatchQueue.global().async {
            try? running.input.fileHandleForWriting.write(contentsOf: Data(MoodEvents.lines(0..<100_000).utf8))
        }
        // Once a batch is committed the vault is unlocked: its keys are in this process's memory.
        var buffer = [UInt8](repeating: 0, count: 256)
        #expect(read(running.output.fileHandleForReading.fileDescriptor, &buffer, buffer.count) > 0)
        kill(running.process.processIdentifier, signal)
        let errors = String(decoding: CLI.drain(running.errors.fileHandleForReading), as: UTF8.self)
        running.process.waitUntilExit()
        #expect(running.process.terminationReason == .uncaughtSignal)
        #expect(running.process.terminationStatus == signal)
        #expect(errors.contains("healthledger: crashed (signal \(signal)); no memory was printed or dumped"))
        #expect(!errors.contains("Registers"), "the runtime's backtrace, which prints memory next to each register, is not shown")
        #expect(!errors.contains("e2e passphrase"))
        let cores = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath).filter { $0.hasPrefix("core") }
        #expect(cores.isEmpty, "no core file: \(cores)")
    }
}
