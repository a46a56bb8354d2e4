import Foundation

/// Runs Debian's `age` tools (installed by Tools/install-packages.sh) for interoperability tests.
enum AgeCommand {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `executable` with `arguments`, feeding `input` on stdin; returns stdout, throws on a non-zero exit.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], input: String = "") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + executable)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Keep stdin open until the child exits: `script` ends the session at end of input.
        stdin.fileHandleForWriting.write(Data(input.utf8))
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? stdin.fileHandleForWriting.close()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(String(decoding: errors + output, as: UTF8.self))")
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Runs an `age` command line in a pseudo-terminal (age reads passphrases only from
    /// a terminal), typing `lines` into it.
    static func runInTerminal(_ commandLine: String, typing lines: [String]) throws {
        try run("script", ["-qec", commandLine, "/dev/null"], input: lines.map { $0 + "\n" }.joined())
    }
}
