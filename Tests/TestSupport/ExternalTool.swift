import Foundation

/// Runs another program a test checks our output with (Debian's age, unzip, sqlite3,
/// pdftotext…) to completion, capturing both streams.
public enum ExternalTool {
    /// `program` is a path, or the name of a program in /usr/bin.
    @discardableResult
    public static func run(_ program: String, _ arguments: [String]) throws -> CLI.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/" + program)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = CLI.drain(output.fileHandleForReading)
        let stderr = CLI.drain(errors.fileHandleForReading)
        process.waitUntilExit()
        return CLI.Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Runs `program` and returns its standard output, throwing with its messages when it fails.
    @discardableResult
    public static func output(_ program: String, _ arguments: [String]) throws -> String {
        let result = try run(program, arguments)
        guard result.status == 0 else {
            throw CLIError(message: "\(program) \(arguments.joined(separator: " ")) → \(result.status): \(result.stderr)")
        }
        return result.stdout
    }
}
