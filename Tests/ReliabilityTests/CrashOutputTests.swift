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

    /// A stack overflow leaves no stack to run the handler on; the process must still say what
    /// happened. The stack is squeezed with `ulimit -s` from roomy to too small for the loader:
    /// somewhere in between the command overflows after the handler is in place, and there it
    /// must print the message (before the handler had its own stack: exit 139, not a word).
    @Test func aStackOverflowStillSaysWhatHappened() throws {
        let vault = try CLIVault()
        #expect(try vault.run(["mood", "6"]).status == 0)
        var overflows: [(kilobytes: Int, stderr: String)] = []
        for kilobytes in stride(from: 96, through: 16, by: -2) {
            let command = "ulimit -s \(kilobytes) && exec \"$0\" daily --vault \"$1\" --passphrase-file \"$2\""
            let result = try CLI.run(["-c", command, CLI.binary, vault.path, vault.passphraseFile], executable: "/bin/sh")
            if result.status == 128 + SIGSEGV || result.status == SIGSEGV { overflows.append((kilobytes, result.stderr)) }
        }
        try #require(!overflows.isEmpty, "no stack size from 96 to 16 KiB made `daily` overflow")
        let told = overflows.filter { $0.stderr.contains("healthledger: crashed (signal \(SIGSEGV)); no memory was printed or dumped") }
        #expect(!told.isEmpty, "every overflow died silently: \(overflows.map(\.kilobytes)) KiB")
        #expect(!overflows.contains { $0.stderr.contains("e2e passphrase") })
    }
}
