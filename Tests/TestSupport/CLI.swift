public import Foundation
import Testing

/// Runs the built `healthledger` binary the way a person or a script would.
public enum CLI {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    public static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["HEALTHLEDGER_BIN"] { return path }
        // Test bundles sit beside the products they test in the build folder.
        var directory = Bundle.main.bundleURL
        if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
        return directory.appendingPathComponent("healthledger").path
    }()

    /// Runs to completion and captures both streams.
    @discardableResult
    public static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], executable: String = binary) throws -> Result {
        let process = try start(arguments, environment: environment, executable: executable)
        if let stdin { try? process.input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8)) }
        try? process.input.fileHandleForWriting.close()
        let output = drain(process.output.fileHandleForReading)
        let errors = drain(process.errors.fileHandleForReading)
        process.process.waitUntilExit()
        return Result(
            status: process.process.terminationStatus,
            stdout: String(decoding: output, as: UTF8.self), stderr: String(decoding: errors, as: UTF8.self))
    }

    /// Reads a pipe to its end, retrying reads a signal interrupts (Foundation's
    /// `readDataToEndOfFile` traps on EINTR when many children run at once).
    public static func drain(_ handle: FileHandle) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(handle.fileDescriptor, &buffer, buffer.count)
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }

    public struct Running: Sendable {
        public let process: Process
        public let input: Pipe
        public let output: Pipe
        public let errors: Pipe
    }

    /// `executable` is the CLI unless a test runs it through another program (a shell).
    public static func start(_ arguments: [String], environment: [String: String] = [:], executable: String = binary) throws -> Running {
        // Tests kill children mid-write; a closed pipe must be an error, not a signal.
        signal(SIGPIPE, SIG_IGN)
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw CLIError(message: "no healthledger binary at \(binary): run `swift build` first, or set HEALTHLEDGER_BIN")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = childEnvironment(environment)
        let running = Running(process: process, input: Pipe(), output: Pipe(), errors: Pipe())
        process.standardInput = running.input
        process.standardOutput = running.output
        process.standardError = running.errors
        try process.run()
        return running
    }

    /// The environment every run of the CLI gets: this process's, with no vault chosen by
    /// the person running the tests, then `overrides`.
    public static func childEnvironment(_ overrides: [String: String] = [:]) -> [String: String] {
        var merged = ProcessInfo.processInfo.environment
        merged["HEALTHLEDGER_VAULT"] = nil
        // Checkpoint witnesses of test vaults go to a scratch folder, not the user's state.
        merged["XDG_STATE_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("hl-test-state").path
        merged.merge(overrides) { $1 }
        return merged
    }
}

/// A test's setup that could not be done (no binary, a child that would not start).
public struct CLIError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }

    public init(message: String) { self.message = message }
}
