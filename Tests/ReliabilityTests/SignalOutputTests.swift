import Foundation
import Testing

/// No signal makes the CLI print process memory. Swift's runtime answers SIGQUIT (Ctrl-\)
/// with its crash report — registers and the bytes next to each — and then let the command
/// carry on; now SIGQUIT quits with one line, and no other signal prints a report either.
@Suite struct SignalOutputTests {
    /// Signals a person or another program may send. Left out: SIGKILL and SIGSTOP (no
    /// handler can run), the job-control stops, and SIGABRT, which this test process keeps
    /// blocked (its children inherit that, so only their own abort() raises it).
    static let signals: [Int32] = (1...31).filter {
        ![SIGKILL, SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU, SIGABRT].contains($0)
    }

    static func sendWhileAppending(_ signal: Int32, vault: CLIVault) throws -> (errors: String, process: Process) {
        let running = try CLI.start(["append", "--jsonl", "-", "--ack", "--batch-size", "100", "--vault", vault.path, "--passphrase-file", vault.passphraseFile])
        let input = running.input.fileHandleForWriting
        try input.write(contentsOf: Data(CLIVault.moodLines(0..<100).utf8))
        // Once a batch is committed, the vault's keys are in the process's memory.
        var buffer = [UInt8](repeating: 0, count: 256)
        _ = read(running.output.fileHandleForReading.fileDescriptor, &buffer, buffer.count)
        kill(running.process.processIdentifier, signal)
        // A signal the process ignores leaves it waiting for more input: end it.
        try? input.close()
        let errors = String(decoding: CLI.drain(running.errors.fileHandleForReading), as: UTF8.self)
        _ = CLI.drain(running.output.fileHandleForReading)
        running.process.waitUntilExit()
        return (errors, running.process)
    }

    @Test func ctrlBackslashQuitsWithOneLineAndPrintsNoMemory() throws {
        let vault = try CLIVault()
        let (errors, process) = try Self.sendWhileAppending(SIGQUIT, vault: vault)
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGQUIT)
        #expect(errors.contains("healthledger: quit (SIGQUIT); no memory was printed or dumped"), "\(errors)")
        #expect(!errors.contains("Registers"), "\(errors)")
        #expect(try vault.run(["audit"]).status == 0)
    }

    @Test func noSignalPrintsTheRuntimesCrashReport() throws {
        let vault = try CLIVault()
        for signal in Self.signals {
            let (errors, _) = try Self.sendWhileAppending(signal, vault: vault)
            for marker in ["Registers", "Program crashed", "Backtrace", "Thread 0"] {
                #expect(!errors.contains(marker), "signal \(signal) printed \"\(marker)\": \(errors)")
            }
        }
        #expect(try vault.run(["audit"]).status == 0)
    }
}
