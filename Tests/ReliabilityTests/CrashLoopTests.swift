import Foundation
import Testing
import TestSupport

/// Tools/crash-loop.sh in a short run: kill -9 at random moments during append, import,
/// replay and export, checking after each that nothing acknowledged is lost, the audit is
/// clean, the views rebuild and the next command works. The long run is
/// `Tools/crash-loop.sh 100` (see SECURITY.md for its figures).
@Suite struct CrashLoopTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tools/crash-loop.sh").path

    @Test func killNineDuringAppendImportReplayAndExportLosesNothing() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", Self.script, "5", "2000"]
        var environment = ProcessInfo.processInfo.environment
        environment["HEALTHLEDGER_BIN"] = CLI.binary
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = String(decoding: CLI.drain(output.fileHandleForReading), as: UTF8.self)
        let stderr = String(decoding: CLI.drain(errors.fileHandleForReading), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(stderr)")
        #expect(stdout.contains("crash loop: 5 iterations"))
        #expect(stdout.contains("finally 2000 of 2000 moods and the whole import stored exactly once"))
    }
}
