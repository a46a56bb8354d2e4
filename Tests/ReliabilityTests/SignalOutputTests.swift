import Foundation
import Testing
import TestSupport

/// No signal makes the CLI print process memory. Swift's runtime answers SIGQUIT (Ctrl-\)
/// with its crash report — registers and the bytes next to each — and then let the command
/// carry on; now SIGQUIT quits with one line, and no other signal prints a report either.
@Suite struct SignalOutputTests {
    /// Signals a person or another program may send. Left out: SIGKILL and SIGSTOP (no
    /// handler can run) and the job-control stops, which would leave the append stopped.
    static let signals: [Int32] = (1...31).filter { ![SIGKILL, SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU].contains($0) }

    /// Sends `signal` to an append once its first batch is committed (the vault's keys are
    /// then in its memory); the exit status (128 + signal when it killed the process) and
    /// what the process wrote to stderr.
    static func sendWhileAppending(_ signal: Int32, vault: CLIVault) throws -> (status: Int32, errors: String) {
        let append = try SpawnedCLI(["append", "--jsonl", "-", "--ack", "--batch-size", "100", "--vault", vault.path, "--passphrase-file", vault.passphraseFile])
        // A process the signal does not end reads these to their end and finishes.
        append.feed(MoodEvents.lines(0..<2_000))
        var buffer = [UInt8](repeating: 0, count: 16)
        _ = read(append.output, &buffer, buffer.count)
        kill(append.pid, signal)
        let errors = String(decoding: CLI.drain(FileHandle(fileDescriptor: append.errors, closeOnDealloc: false)), as: UTF8.self)
        _ = CLI.drain(FileHandle(fileDescriptor: append.output, closeOnDealloc: false))
        return (append.wait(), errors)
    }

    @Test func ctrlBackslashQuitsWithOneLineAndPrintsNoMemory() throws {
        let vault = try CLIVault()
        let (status, errors) = try Self.sendWhileAppending(SIGQUIT, vault: vault)
        #expect(status == 128 + SIGQUIT, "ended by SIGQUIT: \(status)")
        #expect(errors.contains("healthledger: quit (SIGQUIT); no memory was printed or dumped"), "\(errors)")
        #expect(!errors.contains("Registers"), "\(errors)")
        #expect(try vault.run(["audit"]).status == 0)
    }

    @Test func noSignalPrintsTheRuntimesCrashReport() throws {
        let vault = try CLIVault()
        for signal in Self.signals {
            let (_, errors) = try Self.sendWhileAppending(signal, vault: vault)
            for marker in ["Registers", "Program crashed", "Backtrace", "Thread 0"] {
                #expect(!errors.contains(marker), "signal \(signal) printed \"\(marker)\": \(errors)")
            }
        }
        #expect(try vault.run(["audit"]).status == 0)
    }
}
