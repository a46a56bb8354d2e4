import Foundation
import TestSupport

/// Runs the built `health-export-gen` binary, and other programs the tests read its output with.
enum ExportGeneratorCLI {
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["HEALTH_EXPORT_GEN_BIN"] { return path }
        // Test bundles sit beside the products they test in the build folder.
        var directory = Bundle.main.bundleURL
        if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
        return directory.appendingPathComponent("health-export-gen").path
    }()

    struct Output {
        let status: Int32
        let stdout: Data
        let stderr: String
    }

    /// Runs the generator with `arguments`.
    static func generate(_ arguments: [String]) throws -> Output {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw CLIError(message: "no health-export-gen binary at \(binary): run `swift build` first, or set HEALTH_EXPORT_GEN_BIN")
        }
        return try run(binary, arguments)
    }

    /// Runs `program` (a path, or a name looked up on PATH) and captures its output.
    static func run(_ program: String, _ arguments: [String]) throws -> Output {
        let process = Process()
        if program.hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [program] + arguments
        }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read before waiting: a child blocked on a full pipe would never exit.
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
    }
}
